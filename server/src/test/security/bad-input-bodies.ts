import fc from 'fast-check';
import type { BodySpec } from './bad-input-routes.js';
import {
  badAddress,
  badEmail,
  badId,
  badImage,
  badInteger,
  badLink,
  badOptionalText,
  badPhone,
  badPrice,
  badRequiredText,
  badString,
  long,
  wrongType,
  badCountry,
  badUsState,
} from './bad-input-values.js';

/** The valid bodies of the larger forms, and what is wrong for each of their fields. */

const badOptional = (max: number) => badOptionalText(max);

export const toolBody: BodySpec = {
  valid: () => ({
    name: 'Fuzzed Wrench',
    img: '/images/tools/fuzzed-wrench.svg',
    price: 19.99,
    description: 'Never stored: every request that carries it is malformed.',
    availableQuantity: 100,
    MinimumOrderQuantity: 10,
  }),
  bad: {
    name: badRequiredText(120),
    img: badImage,
    price: badPrice,
    description: badOptionalText(2000),
    availableQuantity: badInteger(0, 10_000_000),
    MinimumOrderQuantity: fc.oneof(badInteger(1, 10_000_000), fc.constant(101)),
    category: fc.constantFrom<unknown>('Power Tools', 'UPPER', '-x', long(41), null, 5, [], {}),
    specs: fc.constantFrom<unknown>(
      'Voltage: 18 V',
      [{ name: '', value: '18 V' }],
      [{ name: 'Voltage' }],
      [{ name: 'Voltage', value: long(201) }],
      Array.from({ length: 31 }, (_, i) => ({ name: `n${i}`, value: 'v' })),
      {},
    ),
    // null is valid (no datasheet): only wrong strings and types here.
    datasheetUrl: fc.constantFrom<unknown>(
      'javascript:alert(1)',
      'ftp://x.y/a.pdf',
      'datasheet.pdf',
      `https://example.com/${long(2049)}.pdf`,
      5,
      true,
      [],
      {},
    ),
    priceTiers: fc.oneof(
      wrongType.filter((value) => !Array.isArray(value) || value.length > 0),
      badInteger(2, 10_000_000).map((minQuantity) => [{ minQuantity, price: 15 }]),
      badPrice.map((price) => [{ minQuantity: 50, price }]),
      fc.constantFrom(
        [{ minQuantity: 10, price: 15 }],
        [{ minQuantity: 50, price: 19.99 }],
        [
          { minQuantity: 50, price: 15 },
          { minQuantity: 40, price: 14 },
        ],
        [
          { minQuantity: 50, price: 15 },
          { minQuantity: 60, price: 16 },
        ],
        Array.from({ length: 11 }, (_, i) => ({ minQuantity: 20 + i, price: 19 - i })),
      ),
    ),
  },
  required: ['name', 'img', 'price', 'description', 'availableQuantity', 'MinimumOrderQuantity'],
};

export const profileBody: BodySpec = {
  valid: (f) => ({
    name: 'Casey Customer',
    email_address: f.customerEmail,
    LinkedIn_profile_link: 'https://www.linkedin.com/in/casey',
    country: 'United Kingdom',
    street_address: '12 Forge Lane',
    city: 'Sheffield',
    state: 'South Yorkshire',
    phone: '+44 114 496 0000',
  }),
  bad: {
    name: badRequiredText(100),
    email_address: badEmail,
    LinkedIn_profile_link: badLink,
    country: badOptional(100),
    street_address: badOptional(200),
    city: badOptional(100),
    state: badOptional(100),
    phone: fc.oneof(badOptional(30), fc.constantFrom('abc', 'call me', '<script>', '1;2')),
  },
  required: ['name'],
};

export const orderBody: BodySpec = {
  valid: (f) => ({
    toolId: f.toolId,
    quantity: 10,
    userName: 'Casey Customer',
    userPhone: '+1 555 0100',
    userAddress: '12 Forge Lane, Sheffield',
  }),
  // The tool takes 10 to 500: outside that the service refuses what the schema lets by.
  bad: {
    toolId: badId,
    quantity: badInteger(10, 500),
    userName: badOptional(100),
    userPhone: badPhone,
    userAddress: badAddress,
    shipToCountry: badCountry,
    shipToState: badUsState,
  },
  required: ['toolId', 'quantity', 'userPhone', 'userAddress'],
};

/** The customer's cart holds the fixture tool; any price still answers 4xx (409 when it differs). */
export const checkoutBody: BodySpec = {
  valid: () => ({
    userName: 'Casey Customer',
    userPhone: '+1 555 0100',
    userAddress: '12 Forge Lane, Sheffield',
    poReference: 'PO-1234',
    expectedTotal: 250,
    paymentMethod: 'card',
  }),
  bad: {
    paymentMethod: badString(['cash', 'INVOICE', '', '__proto__']),
    userName: badOptional(100),
    userPhone: badPhone,
    userAddress: badAddress,
    poReference: badOptional(50),
    expectedTotal: badPrice,
    shipToCountry: badCountry,
    shipToState: badUsState,
  },
  required: ['userPhone', 'userAddress', 'expectedTotal'],
};

export const cartLineBody: BodySpec = {
  valid: () => ({ quantity: 10 }),
  // The fixture tool takes 10 to 500.
  bad: { quantity: badInteger(10, 500) },
  required: ['quantity'],
};

const someId = 'a'.repeat(24);
const line = (toolId: unknown, quantity: unknown) => ({ toolId, quantity });

/** Order again: a list of 1 to 500 distinct tools, each a whole quantity of 1 or more. */
export const cartLinesBody: BodySpec = {
  valid: (f) => ({ lines: [line(f.toolId, 10)] }),
  bad: {
    lines: fc.oneof(
      wrongType,
      badId.map((toolId) => [line(toolId, 10)]),
      badInteger(1, 1_000_000).map((quantity) => [line(someId, quantity)]),
      fc.constantFrom(
        [line(someId, 10), line(someId.toUpperCase(), 10)],
        Array.from({ length: 501 }, (_, i) => line(i.toString(16).padStart(24, '0'), 10)),
        [{ toolId: someId }],
        [{ quantity: 10 }],
      ),
    ),
  },
  required: ['lines'],
};

export const cardBody: BodySpec = {
  valid: () => ({
    clientSecret: 'pi_test_fuzzed_secret_fuzzed',
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
    name: 'Casey Customer',
    email: 'casey@example.com',
  }),
  bad: {
    clientSecret: fc.oneof(wrongType, fc.constantFrom('', long(301), long(60_000))),
    cardNumber: fc.oneof(wrongType, fc.integer(), fc.constantFrom(long(41, '4'))),
    expMonth: badInteger(0, 99),
    expYear: badInteger(0, 9999),
    cvc: fc.oneof(wrongType, fc.integer(), fc.constantFrom(long(9, '1'))),
    name: badOptional(100),
    email: fc.oneof(wrongType, fc.constantFrom(long(255))),
  },
  required: ['clientSecret', 'cardNumber', 'expMonth', 'expYear', 'cvc'],
};

const skuLine = (sku: unknown, quantity: unknown) => ({ sku, quantity });

export const quickOrderBody: BodySpec = {
  valid: (f) => ({ lines: [skuLine(f.toolSku, 10)] }),
  bad: {
    lines: fc.oneof(
      wrongType,
      fc.constantFrom(
        [],
        [skuLine(12, 10)],
        [skuLine('A'.repeat(101), 10)],
        [skuLine('A-1', '10')],
        [skuLine('A-1', null)],
        [{ sku: 'A-1' }],
        [{ quantity: 10 }],
        Array.from({ length: 2001 }, (_, i) => skuLine(`S-${i}`, 10)),
      ),
    ),
  },
  required: ['lines'],
};
