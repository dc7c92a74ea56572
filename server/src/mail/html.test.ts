import { describe, expect, it } from 'vitest';
import { formatDate } from './html.js';

const intl = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

describe('formatDate (times in emails)', () => {
  it('when times fall in the same minute or in others, then each reads as Intl formats it, in UTC', () => {
    const start = Date.parse('2026-11-23T19:27:00.000Z');
    for (let i = 0; i < 300; i++) {
      const iso = new Date(start + i * 7_919).toISOString(); // about 8 s apart: minutes repeat
      expect(formatDate(iso)).toBe(`${intl.format(new Date(iso))} UTC`);
    }
  });

  it('when a time carries an offset instead of Z, then it is shown in UTC all the same', () => {
    expect(formatDate('2026-11-23T21:27:30+02:00')).toBe(formatDate('2026-11-23T19:27:00.000Z'));
    expect(formatDate('2026-11-23T19:27:30+02:00')).toBe(
      `${intl.format(new Date('2026-11-23T17:27:30Z'))} UTC`,
    );
  });
});
