import type { NexusState, VatRatesRow, VatRatesTable } from '@toolworks/contract/tax-settings';
import { EU_VAT_RATES, EU_VAT_RATES_CHECKED_ON, isEuCountry } from '../../domain/eu-vat-rates.js';
import { AppError } from '../../lib/app-error.js';
import type { NexusStateRecord, Store, VatRateOverrideRecord } from '../../store/store.js';

const row = (country: string, override?: VatRateOverrideRecord): VatRatesRow => {
  const shipped = EU_VAT_RATES[country] as { standard: number; reduced: number };
  return {
    country,
    standard: override?.standard ?? shipped.standard,
    reduced: override?.reduced ?? shipped.reduced,
    defaultStandard: shipped.standard,
    defaultReduced: shipped.reduced,
    edited: override !== undefined,
    ...(override && { editedBy: override.updatedBy, editedAt: override.updatedAt }),
  };
};

const toNexusWire = (n: NexusStateRecord): NexusState => ({ ...n });

function euCountry(country: string): string {
  if (!isEuCountry(country)) throw AppError.notFound(`${country} is not an EU member state`);
  return country;
}

/** The admin's EU rate corrections and US nexus states (the tax decision reads them). */
export function createTaxRatesService(store: Store, now: () => Date) {
  const at = () => now().toISOString();
  return {
    async table(): Promise<VatRatesTable> {
      const { rateOverrides } = await store.taxSettings.tables();
      const byCountry = new Map(rateOverrides.map((o) => [o.country, o]));
      return {
        checkedOn: EU_VAT_RATES_CHECKED_ON,
        countries: Object.keys(EU_VAT_RATES)
          .sort()
          .map((country) => row(country, byCountry.get(country))),
      };
    },
    async setRates(
      country: string,
      rates: { standard: number; reduced: number },
      by: string,
    ): Promise<VatRatesRow> {
      const saved = await store.taxSettings.setRateOverride({
        country: euCountry(country),
        standard: rates.standard,
        reduced: rates.reduced,
        updatedBy: by,
        updatedAt: at(),
      });
      return row(country, saved);
    },
    async resetRates(country: string): Promise<VatRatesRow> {
      await store.taxSettings.clearRateOverride(euCountry(country));
      return row(country);
    },

    async nexus(): Promise<{ states: NexusState[] }> {
      return { states: (await store.taxSettings.tables()).nexus.map(toNexusWire) };
    },
    async setNexus(
      state: string,
      input: { ratePercent: number; since?: string | undefined },
      by: string,
    ): Promise<NexusState> {
      const saved = await store.taxSettings.setNexusState({
        state,
        ratePercent: input.ratePercent,
        ...(input.since && { since: input.since }),
        updatedBy: by,
        updatedAt: at(),
      });
      return toNexusWire(saved);
    },
    async removeNexus(state: string): Promise<void> {
      if (!(await store.taxSettings.removeNexusState(state)))
        throw AppError.notFound(`The shop has no sales tax nexus in ${state}`);
    },
  };
}
