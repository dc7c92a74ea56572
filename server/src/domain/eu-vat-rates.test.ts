import { describe, expect, it } from 'vitest';
import { ISO_3166_ALPHA2 } from '@toolworks/contract/countries';
import {
  countryOfVatPrefix,
  EU_VAT_RATES,
  EU_VAT_RATES_CHECKED_ON,
  isEuCountry,
  vatPrefixOf,
} from './eu-vat-rates.js';

describe('EU_VAT_RATES', () => {
  it('when read, then it holds the 27 member states by ISO code, reduced at most standard', () => {
    const countries = Object.keys(EU_VAT_RATES);
    expect(countries).toHaveLength(27);
    expect(EU_VAT_RATES_CHECKED_ON).toMatch(/^20\d{2}-\d{2}-\d{2}$/);
    expect(countries.filter((c) => !ISO_3166_ALPHA2.includes(c))).toEqual([]);
    for (const { standard, reduced } of Object.values(EU_VAT_RATES)) {
      expect(reduced).toBeGreaterThan(0);
      expect(reduced).toBeLessThanOrEqual(standard);
    }
  });

  it.each([
    ['DE', 19, 7],
    ['FR', 20, 5.5],
    ['IE', 23, 13.5],
    ['EE', 24, 9],
    ['RO', 21, 11],
    ['SK', 23, 19],
  ])('when %s, then %s%% and %s%%', (country, standard, reduced) => {
    expect(EU_VAT_RATES[country]).toEqual({ standard, reduced });
  });

  it.each([
    ['GR', 'EL', true],
    ['DE', 'DE', true],
    ['GB', 'GB', false],
  ])('when the country is %s, then VAT IDs start %s (EU: %s)', (country, prefix, eu) => {
    expect(vatPrefixOf(country)).toBe(prefix);
    expect(countryOfVatPrefix(prefix)).toBe(country);
    expect(isEuCountry(country)).toBe(eu);
  });

  it('when the prefix is XI (Northern Ireland), then the country is GB, not in the EU', () => {
    expect(countryOfVatPrefix('XI')).toBe('GB');
  });
});
