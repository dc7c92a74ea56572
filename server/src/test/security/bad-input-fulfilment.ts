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
