import { describe, expect, it } from 'vitest';
import { CreateToolSchema, ToolFormSchema } from './admin-tools.js';

const WIRE_NAMES =
  /availableQuantity|MinimumOrderQuantity|minQuantity|priceTiers|datasheetUrl|img\b/;

const tool = {
  name: 'Impact Driver 18V',
  img: '/images/tools/impact-driver.svg',
  price: 129.99,
  description: 'Brushless.',
  availableQuantity: 400,
  MinimumOrderQuantity: 20,
};

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.message);

describe('the admin tool rules', () => {
  it.each([
    ['a missing availability', { availableQuantity: undefined }],
    ['a fractional minimum', { MinimumOrderQuantity: 1.5 }],
    ['a minimum above the stock', { availableQuantity: 5, MinimumOrderQuantity: 10 }],
    ['a text availability', { availableQuantity: 'many' }],
    ['a volume price below 2 units', { priceTiers: [{ minQuantity: 1, price: 5 }] }],
    ['a volume price above the price', { priceTiers: [{ minQuantity: 100, price: 500 }] }],
    ['a datasheet that is no address', { datasheetUrl: 'file.pdf' }],
    ['a bad image', { img: 'javascript:alert(1)' }],
  ])('when %s is refused, then the message a person reads names no wire field', (_, bad) => {
    const found = messages(CreateToolSchema.safeParse({ ...tool, ...bad }));
    expect(found.length).toBeGreaterThan(0);
    for (const message of found) expect(message).not.toMatch(WIRE_NAMES);
  });

  it('when the form holds a negative availability, then it says so in words on the wire path', () => {
    const result = ToolFormSchema.safeParse({
      ...tool,
      price: '10',
      availableQuantity: '-1',
      MinimumOrderQuantity: '1',
      priceTiers: [],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['availableQuantity'],
        message: 'Availability must be 0 or more',
      }),
    ]);
  });
});
