import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatDay, formatMediumDay, formatPrice } from './format.js';

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
