/**
 * The 27 member states' VAT rates, shipped as data (issue 51); the admin may edit them later.
 * Source: the European Commission's "VAT rates applied in the Member States" and its TEDB
 * database, and the members' announced changes, read on `EU_VAT_RATES_CHECKED_ON`.
 *
 * One reduced rate per country: the general reduced rate a tool could plausibly fall under (the
 * class exists for the rare tool a country taxes lower, e.g. aids for disabled people). Where a
 * country has several, the one named here is the main one, not the super-reduced rates (2.1%,
 * 4%, 4.8%...) kept for food, books and medicines. Denmark has no reduced rate: its standard
 * rate stands in. Rates are percent and may have decimals (5.5, 13.5, 25.5, 9.5).
 */
export interface VatRates {
  standard: number;
  reduced: number;
}

export const EU_VAT_RATES_CHECKED_ON = '2026-11-28';

export const EU_VAT_RATES: Readonly<Record<string, VatRates>> = {
  AT: { standard: 20, reduced: 10 },
  BE: { standard: 21, reduced: 6 },
  BG: { standard: 20, reduced: 9 },
  CY: { standard: 19, reduced: 5 },
  CZ: { standard: 21, reduced: 12 }, // one reduced rate since 2024
  DE: { standard: 19, reduced: 7 },
  DK: { standard: 25, reduced: 25 }, // no reduced rate
  EE: { standard: 24, reduced: 9 }, // 24% since 2025-07-01
  ES: { standard: 21, reduced: 10 },
  // 25.5% since 2024-09-01; the 14% rate became 13.5% on 2026-01-01 (food and restaurants,
  // as announced: confirm against TEDB before relying on the reduced rate).
  FI: { standard: 25.5, reduced: 13.5 },
  FR: { standard: 20, reduced: 5.5 },
  GR: { standard: 24, reduced: 13 },
  HR: { standard: 25, reduced: 13 },
  HU: { standard: 27, reduced: 5 },
  IE: { standard: 23, reduced: 13.5 },
  IT: { standard: 22, reduced: 10 },
  LT: { standard: 21, reduced: 9 },
  LU: { standard: 17, reduced: 8 }, // back to 17/8 since 2024
  LV: { standard: 21, reduced: 12 },
  MT: { standard: 18, reduced: 7 },
  NL: { standard: 21, reduced: 9 },
  PL: { standard: 23, reduced: 8 },
  PT: { standard: 23, reduced: 13 }, // mainland; Azores and Madeira are lower and not modelled
  RO: { standard: 21, reduced: 11 }, // 21/11 since 2025-08-01
  SE: { standard: 25, reduced: 12 },
  SI: { standard: 22, reduced: 9.5 },
  SK: { standard: 23, reduced: 19 }, // 23/19 since 2025
};

export const isEuCountry = (country: string): boolean => Object.hasOwn(EU_VAT_RATES, country);

/** A VAT ID's prefix for an ISO country: the one place Greece's `EL` is known. */
export const vatPrefixOf = (country: string): string => (country === 'GR' ? 'EL' : country);

/** The ISO country of a VAT ID's prefix (`EL` is Greece, `XI` Northern Ireland, in the UK). */
export const countryOfVatPrefix = (prefix: string): string =>
  prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
