import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCount,
  formatDay,
  formatMediumDay,
  formatPrice,
  formatPriceFor,
  formatUnitPrice,
} from './format.js';

// The reference: what the shop showed with Intl before (and what en-US readers expect).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** Amounts a shop shows, plus awkward ones: rounding edges, big figures, negatives. */
function samples(): number[] {
  const values = [0, 0.01, 0.005, 0.015, 0.1, 0.99, 1, 9.995, 19.99, 999.995, 1000, 12_000.5];
  values.push(1_000_000, 123_456_789.12, -3, -0.01, -1234.5);
  let x = 7;
  for (let i = 0; i < 2000; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    values.push(Math.round(x / 1000) / 100, x % 100_000_000);
  }
  return values;
}

describe('formatPrice', () => {
  it('when given any amount, then it reads exactly as Intl en-US currency writes it', () => {
    for (const dollars of samples())
      expect(formatPrice(dollars), String(dollars)).toBe(usd.format(dollars));
  });
});

describe('formatCents', () => {
  it('when given integer cents, then it reads as Intl writes their dollars', () => {
    for (const cents of [0, 1, 5, 99, 100, 1999, 123450, -300, 1_000_000_07]) {
      expect(formatCents(cents), String(cents)).toBe(usd.format(cents / 100));
    }
    expect(formatCents(123450)).toBe('$1,234.50');
  });
});

describe('formatCount', () => {
  it('when given any count, then it reads exactly as Intl en-US writes it', () => {
    for (const value of [...samples(), 1234.5678, 0.0004, 12_000]) {
      expect(formatCount(value), String(value)).toBe(count.format(value));
    }
  });
});

describe('formatDay', () => {
  const gb = (withYear: boolean) =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
      ...(withYear ? { year: 'numeric' } : {}),
    });

  it('when given any day of a leap year and the next, then it reads as Intl en-GB writes it', () => {
    for (let t = Date.UTC(2028, 0, 1); t < Date.UTC(2030, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(formatDay(day), day).toBe(gb(false).format(t));
      expect(formatDay(day, true), day).toBe(gb(true).format(t));
    }
  });
});

describe('formatMediumDay', () => {
  const us = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

  it('when given any day of a leap year and the next, then it reads as Intl en-US medium writes it', () => {
    for (let t = Date.UTC(2028, 0, 1); t < Date.UTC(2030, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(formatMediumDay(day), day).toBe(us.format(t));
    }
  });
});

describe('formatUnitPrice', () => {
  it.each([
    [18.9, '$18.90'],
    [0.189, '$0.189'],
    [0.045, '$0.045'],
    [0.1234, '$0.1234'],
    [0.12345, '$0.1235'],
    [1234.5, '$1,234.50'],
    [0.5, '$0.50'],
    [0, '$0.00'],
  ])('when a piece costs %s dollars, then it reads %s', (dollars, text) => {
    expect(formatUnitPrice(dollars)).toBe(text);
  });
});

describe('formatPriceFor', () => {
  it.each([
    ['an ordinary tool', 18.9, {}, '$18.90'],
    ['a tool with every default', 18.9, { packSize: 1, priceBasis: 1 }, '$18.90'],
    [
      'a pack of 100 priced per 100',
      18.9,
      { packSize: 100, priceBasis: 100 },
      '$18.90 / pack of 100 ($0.189 each)',
    ],
    [
      'a pack of 100 priced per piece',
      0.19,
      { packSize: 100, priceBasis: 1 },
      '$19.00 / pack of 100 ($0.19 each)',
    ],
    [
      'a pack of 6 priced per 100',
      4.5,
      { packSize: 6, priceBasis: 100 },
      '$0.27 / pack of 6 ($0.045 each)',
    ],
    [
      'loose pieces priced per 1,000',
      12,
      { packSize: 1, priceBasis: 1000 },
      '$12.00 / 1,000 ($0.012 each)',
    ],
    [
      'a pack of 2,500',
      100,
      { packSize: 2500, priceBasis: 2500 },
      '$100.00 / pack of 2,500 ($0.04 each)',
    ],
  ])('when %s costs %s, then it reads %s', (_, price, tool, text) => {
    expect(formatPriceFor(price, tool)).toBe(text);
  });
});
