// US dollars and counts, as `Intl.NumberFormat('en-US')` writes them, without Intl: the first
// Intl number format in a page loads ICU's locale data, which cost the home page about 200 ms
// of main-thread time on a throttled phone CPU (Lighthouse). These two formats are simple.

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * |value| x scale, rounded half up as the decimal reads (9.995 -> 1000 cents), like Intl: the
 * product is cut to 15 significant digits first, so binary noise (999.4999999999999) goes.
 */
const scaledRound = (value: number, scale: number) =>
  Math.round(Number((Math.abs(value) * scale).toPrecision(15)));

/** `$1,234.50`; negative amounts as `-$3.00`. */
export function formatPrice(dollars: number): string {
  const cents = scaledRound(dollars, 100);
  const whole = groupThousands(String(Math.floor(cents / 100)));
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `${sign}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** `12,000`; fractions keep up to three digits (`1,234.568`). */
export function formatCount(value: number): string {
  const rounded = scaledRound(value, 1000) / 1000;
  const [whole = '0', fraction] = String(rounded).split('.');
  const sign = value < 0 && rounded > 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** `Nov 20, 2026, 10:00 AM` in the browser's time zone; Intl, so never on the home page's path. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
