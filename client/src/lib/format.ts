export { formatCents, formatCount, formatPrice } from '@toolworks/contract/format';

/** `Nov 20, 2026, 10:00 AM` in the browser's time zone; Intl, so never on the home page's path. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar day `YYYY-MM-DD` (a due date) as `Nov 28, 2026`, the date part of `formatDateTime`;
 * written out, not through Intl, as a day has no time zone to convert.
 */
export function formatDate(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  const name = month ? MONTHS[month - 1] : undefined;
  if (!year || !name || !date) return day;
  return `${name} ${date}, ${year}`;
}
