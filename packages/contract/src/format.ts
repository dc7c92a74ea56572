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

/** English month names, January first. */
export const MONTHS = [
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

/** What a tool's price is for: its pack, its unit and the basis its price is given per. */
export interface PriceFor {
  /** Pieces per sales pack; 1 when not sold in packs. */
  packSize?: number | undefined;
  /** The price is per this many pieces; 1 when per piece. */
  priceBasis?: number | undefined;
}

/**
 * A price per piece, `$0.189`: two decimals when whole cents say it, else as many as it needs up
 * to four (`$0.1234`), so a pack of 100 at $18.90 is not shown as $0.19 a piece.
 */
export function formatUnitPrice(dollars: number): string {
  const tenThousandths = scaledRound(dollars, 10_000);
  if (tenThousandths % 100 === 0) return formatPrice(dollars);
  const sign = dollars < 0 ? '-' : '';
  const whole = groupThousands(String(Math.floor(tenThousandths / 10_000)));
  const fraction = String(tenThousandths % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${sign}$${whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * What a price is for, in words: `$18.90 / pack of 100 ($0.189 each)` for a tool sold in packs,
 * `$4.50 / 100 ($0.045 each)` for one priced per 100 pieces, `$18.90` for an ordinary tool.
 * `price` is the tool's price as the API gives it: per `priceBasis` pieces.
 */
export function formatPriceFor(price: number, tool: PriceFor): string {
  const packSize = tool.packSize ?? 1;
  const basis = tool.priceBasis ?? 1;
  if (packSize <= 1 && basis <= 1) return formatPrice(price);
  const each = price / basis;
  if (packSize > 1) {
    const pack = each * packSize;
    return `${formatPrice(pack)} / pack of ${formatCount(packSize)} (${formatUnitPrice(each)} each)`;
  }
  return `${formatPrice(price)} / ${formatCount(basis)} (${formatUnitPrice(each)} each)`;
}
