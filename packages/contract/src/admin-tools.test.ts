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

describe('a tool sold in packs (issue 50)', () => {
  it('when none of the pack fields is sent, then the tool is valid as before', () => {
    const parsed = CreateToolSchema.parse(tool);
    expect(parsed).not.toHaveProperty('unit');
    expect(parsed).not.toHaveProperty('packSize');
  });

  it.each([
    ['a unit outside the list', { unit: 'BOX' }, 'unit', 'Unit must be one of'],
    ['a pack of 0', { packSize: 0 }, 'packSize', 'Pack size must be 1 or more'],
    [
      'a fractional multiple',
      { orderMultiple: 1.5 },
      'orderMultiple',
      'Order multiple must be a whole number',
    ],
    ['a price basis of 0', { priceBasis: 0 }, 'priceBasis', 'Price basis must be 1 or more'],
    [
      'a minimum off the multiple',
      { orderMultiple: 6, MinimumOrderQuantity: 20 },
      'MinimumOrderQuantity',
      'Minimum order quantity must be a multiple of the order multiple (6)',
    ],
  ])('when %s is sent, then it is refused on its field', (_, bad, field, message) => {
    const result = CreateToolSchema.safeParse({ ...tool, ...bad });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: [field], message: expect.stringContaining(message) }),
    ]);
  });

  it('when the form leaves the pack fields blank, then they are the defaults', () => {
    const parsed = ToolFormSchema.parse({
      ...tool,
      price: '10',
      availableQuantity: '400',
      MinimumOrderQuantity: '20',
      priceTiers: [],
      packSize: '',
      orderMultiple: ' ',
      priceBasis: '',
    });
    expect(parsed).toMatchObject({ unit: 'C62', packSize: 1, orderMultiple: 1, priceBasis: 1 });
  });

  it('when the form holds packs of 100 in multiples of 4 from 200, then they are numbers', () => {
    const parsed = ToolFormSchema.parse({
      ...tool,
      price: '18.90',
      availableQuantity: '5000',
      MinimumOrderQuantity: '200',
      priceTiers: [],
      unit: 'C62',
      packSize: '100',
      orderMultiple: '4',
      priceBasis: '100',
    });
    expect(parsed).toMatchObject({ packSize: 100, orderMultiple: 4, priceBasis: 100 });
  });
});

describe('a tool’s tax class (issue 51)', () => {
  const form = {
    ...tool,
    price: '10',
    availableQuantity: '400',
    MinimumOrderQuantity: '20',
    priceTiers: [],
  };

  it('when no class is sent, then the tool is valid as before and keeps its own', () => {
    expect(CreateToolSchema.parse(tool)).not.toHaveProperty('taxClass');
  });

  it('when a class outside the three is sent, then it is refused on its field', () => {
    const result = CreateToolSchema.safeParse({ ...tool, taxClass: 'luxury' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['taxClass'],
        message: 'Tax class must be standard, reduced or zero',
      }),
    ]);
  });

  it.each([
    [undefined, 'standard'],
    ['reduced', 'reduced'],
    ['zero', 'zero'],
  ])('when the form holds %s, then the class is %s', (taxClass, expected) => {
    expect(ToolFormSchema.parse({ ...form, taxClass }).taxClass).toBe(expected);
  });
});
