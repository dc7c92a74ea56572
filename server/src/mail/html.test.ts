import { describe, expect, it } from 'vitest';
import { formatDate, formatUtcDay, money } from './html.js';

// What Intl writes for the same format; some ICU versions put a narrow no-break space before
// AM/PM, which the emails do not copy.
const intl = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const intlText = (iso: string) => `${intl.format(new Date(iso)).replace(/\u202f/g, ' ')} UTC`;

describe('formatDate (times in emails and invoices)', () => {
  it('when a time is shown, then it reads to the minute in UTC, with the hour on a 12-hour clock', () => {
    expect(formatDate('2026-11-23T19:27:00.000Z')).toBe('Nov 23, 2026, 7:27 PM UTC');
    expect(formatDate('2026-01-01T00:05:59.999Z')).toBe('Jan 1, 2026, 12:05 AM UTC');
    expect(formatDate('2026-06-30T12:00:00.000Z')).toBe('Jun 30, 2026, 12:00 PM UTC');
    expect(formatDate('2027-09-09T11:59:00.000Z')).toBe('Sep 9, 2027, 11:59 AM UTC');
  });

  it('when times span every month and hour, then each reads as Intl formats it', () => {
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < 2_000; i++) {
      // About 4.4 hours apart: every hour of the day and every month of two years come up.
      const iso = new Date(start + i * 15_887_000).toISOString();
      expect(formatDate(iso)).toBe(intlText(iso));
    }
  });

  it('when a time carries an offset instead of Z, then it is shown in UTC all the same', () => {
    expect(formatDate('2026-11-23T21:27:30+02:00')).toBe('Nov 23, 2026, 7:27 PM UTC');
  });

  it('when the text is not a time, then it throws rather than print NaN into an email', () => {
    expect(() => formatDate('yesterday')).toThrow(RangeError);
  });
});

describe('formatUtcDay (days in quote emails)', () => {
  it('when a day is shown, then it reads as Intl writes a medium date', () => {
    const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(formatUtcDay('2026-12-31')).toBe('Dec 31, 2026');
    for (let month = 1; month <= 12; month++) {
      const day = `2027-${String(month).padStart(2, '0')}-0${month % 9 || 9}`;
      expect(formatUtcDay(day)).toBe(medium.format(new Date(`${day}T00:00:00Z`)));
    }
  });
});

describe('money (amounts in emails and invoices)', () => {
  it('when amounts are shown, then they read as Intl writes US dollars', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const dollars of [0, 0.005, 1, 9.995, 12.5, 999.995, 1_234.565, 1_000_000, -3, -1_234.5])
      expect(money(dollars)).toBe(usd.format(dollars));
  });
});
