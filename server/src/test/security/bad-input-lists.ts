import fc from 'fast-check';
import type { BodySpec } from './bad-input-routes.js';
import { badId, badInteger, badRequiredText } from './bad-input-values.js';

/** The saved-list bodies (a name, a line, a quantity) and what is wrong for each field. */

const badListName = fc.oneof(
  badRequiredText(80),
  fc.constantFrom('Van\u0000restock', 'Bell\u0007', '\u001b[2J'),
);
const badListQuantity = badInteger(1, 1_000_000);

export const listNameBody: BodySpec = {
  valid: () => ({ name: 'Fuzzed list name' }),
  bad: { name: badListName },
  required: ['name'],
};

export const listLineBody: BodySpec = {
  valid: (f) => ({ toolId: f.toolId, quantity: 5 }),
  bad: { toolId: badId, quantity: badListQuantity },
  required: ['toolId', 'quantity'],
};

export const listQuantityBody: BodySpec = {
  valid: () => ({ quantity: 5 }),
  bad: { quantity: badListQuantity },
  required: ['quantity'],
};

export const listSharingBody: BodySpec = {
  valid: () => ({ shared: false }),
  bad: { shared: fc.constantFrom('true', 1, 0, null, 'yes', [], {}) },
  required: ['shared'],
};
