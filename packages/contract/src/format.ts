// US dollars, counts and ship dates as `Intl` writes them, without Intl: the first Intl format
// in a page loads ICU's locale data, which costs about 200 ms of main-thread time on a throttled
// phone CPU (Lighthouse), and the schemas here build messages as they load (a checkout page paid
// it for one `toLocaleString` in a schema's message). These formats are simple. Zod-free, like
// stock-plan.ts: the client's first pages import it.

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

/** Integer cents (what the store keeps) as `formatPrice` writes their dollars: 123450 -> `$1,234.50`. */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}

/** `12,000`; fractions keep up to three digits (`1,234.568`). */
export function formatCount(value: number): string {
  const rounded = scaledRound(value, 1000) / 1000;
  const [whole = '0', fraction] = String(rounded).split('.');
  const sign = value < 0 && rounded > 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * `12 March` for a day `YYYY-MM-DD`, as `Intl.DateTimeFormat('en-GB', { day: 'numeric',
 * month: 'long' })` writes it; `12 March 2027` with `withYear`.
 */
export function formatDay(day: string, withYear = false): string {
  const [year, month, date] = day.split('-').map(Number);
  const text = `${date} ${MONTHS[month! - 1]}`;
  return withYear ? `${text} ${year}` : text;
}

/**
 * `Nov 28, 2026` for a day `YYYY-MM-DD`, as `Intl.DateTimeFormat('en-US', { dateStyle: 'medium',
 * timeZone: 'UTC' })` writes it: invoice due dates and other calendar days, in the shop's pages,
 * its emails and its documents alike.
 */
export function formatMediumDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${MONTHS[month! - 1]!.slice(0, 3)} ${date}, ${year}`;
}
