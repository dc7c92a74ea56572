import type { Config } from '../../config.js';
import { EU_VAT_RATES, type VatRates } from '../../domain/eu-vat-rates.js';
import type { ResaleCertificate, TaxRates } from '../../domain/tax.js';
import type { Store, VatRateOverrideRecord } from '../../store/store.js';

/**
 * What the tax decision reads that an admin keeps (issue 51): the rate tables (the EU's, with the
 * admin's corrections; the US states where the shop has nexus, with their rates) and a company's
 * resale certificates. Checkout, quotes and order placing read them through this one face.
 */
export interface TaxSettings {
  rates(): Promise<TaxRates>;
  /** The company's certificates, lapsed ones included (the decision checks the day). */
  certificatesOf(companyId: string): Promise<ResaleCertificate[]>;
}

/** The shipped EU table with the admin's corrections over it. */
function effectiveEuRates(overrides: readonly VatRateOverrideRecord[]): Record<string, VatRates> {
  const eu: Record<string, VatRates> = { ...EU_VAT_RATES };
  for (const { country, standard, reduced } of overrides)
    if (Object.hasOwn(EU_VAT_RATES, country)) eu[country] = { standard, reduced };
  return eu;
}

export function createTaxSettings(
  store: Pick<Store, 'taxSettings'>,
  config: Pick<Config, 'tax'>,
): TaxSettings {
  return {
    async rates() {
      const { rateOverrides, nexus } = await store.taxSettings.tables();
      return {
        eu: effectiveEuRates(rateOverrides),
        usNexus: Object.fromEntries(nexus.map((n) => [n.state, n.ratePercent])),
        singleRatePercent: config.tax.singleRatePercent,
      };
    },
    async certificatesOf(companyId) {
      const certificates = await store.taxSettings.certificatesOf(companyId);
      return certificates.map(({ number, state, expiresOn }) => ({ number, state, expiresOn }));
    },
  };
}
