import fc from 'fast-check';
import type { BodySpec } from './bad-input-routes.js';
import { badOptionalText } from './bad-input-values.js';

/**
 * The ship and refund bodies. Every field is optional, so each bad value must be refused on its
 * own: a blank one would be valid (and ship the fixture order), so none is listed.
 */

const invisible = ['a\u0000b', 'UPS\u0007', '\u001b[2J', 'x\u200by', 'r\u202etl'];

export const shipBody: BodySpec = {
  valid: () => ({ carrier: 'UPS', trackingNumber: '1Z 999 AA1' }),
  bad: {
    carrier: fc.oneof(badOptionalText(40), fc.constantFrom(...invisible)),
    trackingNumber: fc.oneof(
      badOptionalText(40),
      fc.constantFrom(...invisible, '1Z<script>', '-lead', 'a/b', 'ü123', '{"$gt":""}'),
    ),
  },
  required: [],
};

export const refundBody: BodySpec = {
  valid: () => ({ reason: 'Out of stock at the supplier' }),
  bad: { reason: fc.oneof(badOptionalText(500), fc.constantFrom(...invisible)) },
  required: [],
};

const someId = 'a'.repeat(24);

/** POST /order/{id}/shipments (issue 53): the ship body plus `lines`, each bad on its own. */
export const shipmentBody: BodySpec = {
  valid: () => ({ carrier: 'UPS', trackingNumber: '1Z 999 AA1' }),
  bad: {
    ...shipBody.bad,
    lines: fc.constantFrom(
      [],
      'all',
      null,
      {},
      [{ toolId: someId, quantity: 0 }],
      [{ toolId: someId, quantity: -1 }],
      [{ toolId: someId, quantity: 1.5 }],
      [{ toolId: someId, quantity: '2' }],
      [{ toolId: 'nope', quantity: 1 }],
      [{ toolId: { $gt: '' }, quantity: 1 }],
      [{ quantity: 1 }],
      Array.from({ length: 201 }, () => ({ toolId: someId, quantity: 1 })),
    ),
  },
  required: [],
};

/** POST /tool/{id}/batches/receive: the batch's day and what arrived. */
export const receiveBatchBody: BodySpec = {
  valid: () => ({ expectedDate: '2099-01-01', quantity: 1 }),
  bad: {
    expectedDate: fc.constantFrom('2026-02-30', '20260101', 'soon', '', 7, null, { $gt: '' }),
    quantity: fc.constantFrom(-1, 1.5, '3', null, 1e12, Number.MAX_SAFE_INTEGER + 2),
  },
  required: ['expectedDate', 'quantity'],
};
