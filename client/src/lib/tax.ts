import { ISO_3166_ALPHA2, US_STATES } from '@toolworks/contract/countries';
import type { TaxSummary } from '@toolworks/contract/tax';
import { ApiError } from './api-client';

/** Where an order ships, as the Ship-to selects hold it: '' is "not chosen". */
export interface ShipTo {
  country: string;
  state: string;
}

type BreakdownRow = TaxSummary['breakdown'][number];

// Names come from the browser, as My Profile's country select does; a code it lacks shows as is.
let regions: Intl.DisplayNames | undefined;
export function countryName(code: string): string {
  regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regions.of(code) ?? code;
}

let byName: { code: string; name: string }[] | undefined;
/** Every country, sorted by its English name. */
export function countriesByName() {
  byName ??= ISO_3166_ALPHA2.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
  return byName;
}

/**
 * A saved profile's country as a code: My Profile keeps a name ("France"), older profiles or
 * imports a code ("FR"); anything else is no choice (the shop's own country then).
 */
export function countryCodeOf(saved: string | undefined): string {
  const text = saved?.trim() ?? '';
  if (!text) return '';
  const upper = text.toUpperCase();
  if (ISO_3166_ALPHA2.includes(upper)) return upper;
  return countriesByName().find((c) => c.name.toLowerCase() === text.toLowerCase())?.code ?? '';
}

const STATE_NAMES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|District of Columbia|' +
  'Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|' +
  'Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|' +
  'New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|' +
  'Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|' +
  'West Virginia|Wisconsin|Wyoming';

/** The US states and DC, by name (US_STATES is in the same, alphabetical-by-name, order). */
export const usStates = STATE_NAMES.split('|').map((name, i) => ({ code: US_STATES[i]!, name }));

/** The ship-to as the API takes it: nothing chosen is left out (the shop's own country). */
export function shipToFields(shipTo: ShipTo): { shipToCountry?: string; shipToState?: string } {
  if (!shipTo.country) return {};
  return {
    shipToCountry: shipTo.country,
    ...(shipTo.country === 'US' && shipTo.state && { shipToState: shipTo.state }),
  };
}

/** The server's word on the state (a US seller needs one for a US address), if that is the error. */
export function shipToStateError(error: Error | null): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const details = Array.isArray(error.details) ? (error.details as { path?: unknown }[]) : [];
  return details.some((d) => d.path === 'shipToState') ? error.message : undefined;
}

const percent = (rate: number) => `${rate}%`;

/**
 * One breakdown row as the buyer reads it: "VAT 19%", "Sales tax 8.875%", "0% — Intra-Community
 * supply". A shop whose prices include its one rate just says "Tax 20%".
 */
export function taxRowLabel(
  row: Pick<BreakdownRow, 'ratePercent' | 'reason'>,
  where: { shipToCountry: string; pricesIncludeTax: boolean },
): string {
  if (row.ratePercent === 0 && row.reason) return `0% — ${row.reason}`;
  if (row.ratePercent === 0) return '0% (zero-rated)';
  if (where.pricesIncludeTax) return `Tax ${percent(row.ratePercent)}`;
  return `${where.shipToCountry === 'US' ? 'Sales tax' : 'VAT'} ${percent(row.ratePercent)}`;
}

/** "Prices include tax (20%: $41.67)", or nothing when the included tax is none at all. */
export function includedTaxNote(
  breakdown: readonly BreakdownRow[],
  format: (dollars: number) => string,
): string | undefined {
  const taxed = breakdown.filter((row) => row.ratePercent > 0);
  if (taxed.length === 0) return undefined;
  return `Prices include tax (${taxed.map((row) => `${percent(row.ratePercent)}: ${format(row.tax)}`).join(', ')})`;
}
