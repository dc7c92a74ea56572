import type { CartLine } from '@toolworks/contract/cart';
import {
  tiersToCents,
  unitPriceCentsFor,
  type PriceTierDollars,
} from '@toolworks/contract/pricing';
import { useSyncExternalStore } from 'react';

// A visitor's cart lives in this browser until sign-in merges it into the account's cart. Each
// line keeps the price, volume prices and limits the visitor saw, so the cart page needs no call
// per tool and prices each quantity as the server will (the contract's tier pricing).

/** A visitor's line: the tool's base price and tiers too (absent on lines kept before tiers). */
export type LocalCartLine = CartLine & { basePrice?: number; priceTiers?: PriceTierDollars[] };

/** The unit price of a line at a quantity: tiered for a visitor's line, else the line's own. */
export function unitPriceAt(line: LocalCartLine, quantity: number): number {
  if (line.basePrice === undefined) return line.unitPrice;
  const base = Math.round(line.basePrice * 100);
  return unitPriceCentsFor(base, tiersToCents(line.priceTiers ?? []), quantity) / 100;
}

const KEY = 'toolworks.cart';
const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: LocalCartLine[] } = { raw: null, lines: [] };

function isLine(value: unknown): value is CartLine {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line?.toolId === 'string' &&
    typeof line.name === 'string' &&
    typeof line.unitPrice === 'number' &&
    Number.isInteger(line.quantity) &&
    Number.isInteger(line.MinimumOrderQuantity) &&
    Number.isInteger(line.availableQuantity)
  );
}

function read(): LocalCartLine[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return cached.lines;
  }
  // Same text, same array: useSyncExternalStore needs a stable snapshot.
  if (raw === cached.raw) return cached.lines;
  let lines: LocalCartLine[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    lines = Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    lines = [];
  }
  cached = { raw, lines };
  return lines;
}

function write(lines: LocalCartLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(lines));
  } catch {
    // Private mode or a full quota: the cart still works for this page view.
    cached = { raw: JSON.stringify(lines), lines };
  }
  listeners.forEach((listener) => listener());
}

/** Totals counted in cents, as the server does; a price per 100 pieces is divided by 100. */
export const lineTotal = (quantity: number, unitPrice: number, priceBasis = 1) =>
  Math.round((Math.round(unitPrice * 100) * quantity) / priceBasis) / 100;

export const localCart = {
  lines: read,
  set(line: Omit<LocalCartLine, 'lineTotal'>): void {
    const unitPrice = unitPriceAt(line as LocalCartLine, line.quantity);
    const next: LocalCartLine = {
      ...line,
      unitPrice,
      lineTotal: lineTotal(line.quantity, unitPrice, line.priceBasis),
    };
    const lines = read();
    const index = lines.findIndex((l) => l.toolId === line.toolId);
    write(index === -1 ? [...lines, next] : lines.map((l, i) => (i === index ? next : l)));
  },
  remove(toolId: string): void {
    write(read().filter((line) => line.toolId !== toolId));
  },
  clear(): void {
    write([]);
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    // Another tab's change to the cart shows here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function useLocalCart(): LocalCartLine[] {
  return useSyncExternalStore(localCart.subscribe, read, () => []);
}
