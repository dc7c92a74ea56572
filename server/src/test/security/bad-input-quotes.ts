import fc from 'fast-check';
import type { BodySpec } from './bad-input-routes.js';
import {
  badAddress,
  badCountry,
  badUsState,
  badId,
  badOptionalText,
  badPhone,
  badPrice,
  long,
  wrongType,
} from './bad-input-values.js';

/** The quote bodies (request, offer and acceptance) and what is wrong for each of their fields. */

const someId = '0123456789abcdef01234567';
const nextYear = new Date().getUTCFullYear() + 1;

const badDate = fc.oneof(
  wrongType,
  fc.integer(),
  fc.constantFrom('tomorrow', '2027-13-01', '2027-02-30', '27-01-01', '2027/01/01', long(300)),
);

const badLines = (line: (id: string) => object) =>
  fc.oneof(
    wrongType.filter((value) => !Array.isArray(value) || value.length === 0),
    fc.constant([]),
    badId.map((toolId) => [{ ...line(someId), toolId }]),
    fc.constant([line(someId), line(someId)]),
    fc.constant(Array.from({ length: 21 }, (_, i) => line(someId.slice(0, 22) + String(i + 10)))),
  );

const badQuantity = fc.oneof(
  wrongType,
  fc.constantFrom(0, -1, 1.5, '10', 10_000_001, 2 ** 53 + 1, 1e308),
);

export const quoteBody: BodySpec = {
  valid: (f) => ({
    items: [{ toolId: f.toolId, quantity: 20 }],
    requestedDeliveryDate: `${nextYear}-03-31`,
    message: 'Fuzzed quote, never stored.',
    userPhone: '+1 555 0100',
    userAddress: '1 Mill Road, Leeds',
  }),
  bad: {
    items: fc.oneof(
      badLines((toolId) => ({ toolId, quantity: 20 })),
      badQuantity.map((quantity) => [{ toolId: someId, quantity }]),
    ),
    requestedDeliveryDate: fc.oneof(badDate, fc.constant('2020-01-01')),
    message: badOptionalText(2000),
    userName: badOptionalText(100),
    userPhone: badPhone,
    userAddress: badAddress,
  },
  required: ['items', 'userPhone', 'userAddress'],
};

export const offerBody: BodySpec = {
  valid: (f) => ({
    items: [{ toolId: f.toolId, unitPrice: 9.5 }],
    validUntil: `${nextYear}-01-31`,
  }),
  bad: {
    items: fc.oneof(
      badLines((toolId) => ({ toolId, unitPrice: 9.5 })),
      badPrice.map((unitPrice) => [{ toolId: someId, unitPrice }]),
      fc.constant([{ toolId: someId, unitPrice: 9.5 }]),
    ),
    validUntil: fc.oneof(badDate, fc.constant('2020-01-01')),
    note: badOptionalText(1000),
  },
  required: ['items', 'validUntil'],
};

export const acceptBody: BodySpec = {
  valid: () => ({ version: 1, poReference: 'PO-4471' }),
  bad: {
    version: fc.oneof(wrongType, fc.constantFrom(-1, 1.5, '1', 2 ** 53 + 1, 1e308)),
    expectedTotal: badPrice,
    poReference: badOptionalText(50),
    shipToCountry: badCountry,
    shipToState: badUsState,
  },
  required: ['version'],
};
