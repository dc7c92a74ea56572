import type { Cart, CartLine } from '@toolworks/contract/cart';
import { nextId } from '@/testing/factories';

/** Test data for the cart feature's tests: lines and carts priced as the server prices them. */

export function buildLine(overrides: Partial<CartLine> = {}): CartLine {
  const quantity = overrides.quantity ?? 10;
  const unitPrice = overrides.unitPrice ?? 2.5;
  return {
    toolId: nextId(),
    name: 'Bench Vise',
    unitPrice,
    quantity,
    lineTotal: (Math.round(unitPrice * 100) * quantity) / 100,
    MinimumOrderQuantity: 10,
    availableQuantity: 50,
    ...overrides,
  };
}

export const cartOf = (items: CartLine[]): Cart => ({
  items,
  total: items.reduce((sum, l) => sum + Math.round(l.lineTotal * 100), 0) / 100,
});
