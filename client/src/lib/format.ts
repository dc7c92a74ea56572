export {
  formatCents,
  formatCount,
  formatMediumDay,
  formatPrice,
  formatPriceFor,
} from '@toolworks/contract/format';

/** `Nov 20, 2026, 10:00 AM` in the browser's time zone; Intl, so never on the home page's path. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
