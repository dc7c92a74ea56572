import { describe, expect, it } from 'vitest';
import { RefundOrderSchema, ShipOrderSchema } from './fulfilment.js';

describe('ShipOrderSchema', () => {
  it('when the fields are blank or absent, then none is kept (shipping without tracking)', () => {
    expect(ShipOrderSchema.parse({})).toEqual({});
    expect(ShipOrderSchema.parse({ carrier: ' ', trackingNumber: '' })).toEqual({});
  });

  it('when given, then they are trimmed', () => {
    expect(ShipOrderSchema.parse({ carrier: ' DHL ', trackingNumber: ' JD 0001-2 ' })).toEqual({
      carrier: 'DHL',
      trackingNumber: 'JD 0001-2',
    });
  });

  it.each([
    { carrier: 'x'.repeat(41) },
    { carrier: 'UPS\u0000' },
    { carrier: 'a\u200bb' },
    { carrier: null },
    { trackingNumber: '1Z/99' },
    { trackingNumber: '-1Z' },
    { trackingNumber: 'ü1' },
    { trackingNumber: '1'.repeat(41) },
    { trackingNumber: 12345 },
  ])('when the body is %j, then it is refused', (body) => {
    expect(ShipOrderSchema.safeParse(body).success).toBe(false);
  });
});

describe('RefundOrderSchema', () => {
  it('when the reason runs over lines, then it is kept; blank is no reason', () => {
    expect(RefundOrderSchema.parse({ reason: 'Damaged.\nSee photos.' })).toEqual({
      reason: 'Damaged.\nSee photos.',
    });
    expect(RefundOrderSchema.parse({ reason: '  ' })).toEqual({});
  });

  it.each(['r'.repeat(501), 'bell\u0007', '\u202eevil'])(
    'when the reason is %j, then it is refused',
    (reason) => {
      expect(RefundOrderSchema.safeParse({ reason }).success).toBe(false);
    },
  );
});
