import { centsToDollars } from '@toolworks/contract/fields';
import type { TaxClass, TaxSummary } from '@toolworks/contract/tax';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { isEuCountry } from '../../domain/eu-vat-rates.js';
import {
  decideOrderTax,
  EU_DISTANCE_SALE_RULES,
  type OrderTaxContext,
} from '../../domain/order-tax.js';
import type { TaxBuyer } from '../../domain/tax.js';
import { taxBreakdown, type TaxedLine } from '../../domain/tax-amounts.js';
import { yearBounds } from '../../domain/tax-reports.js';
import type { CompanyRecord, Store } from '../../store/store.js';
import type { Logger } from '../../lib/logger.js';
import { VAT_RECHECK_MS } from '../../domain/vat-check.js';
import { createVatChecks, type VatChecks } from './vat-checks.js';
import { createTaxSettings, type TaxSettings } from './tax-settings.js';

/** Where the buyer asked to ship; either may be left out. */
export interface ShipToRequest {
  shipToCountry?: string | undefined;
  shipToState?: string | undefined;
}

export interface OrderTaxContextsDeps {
  store: Pick<Store, 'companies' | 'taxLedger'>;
  config: Pick<Config, 'tax'>;
  settings: TaxSettings;
  /** Asks VIES again about a valid ID last confirmed over 30 days ago (absent: never). */
  vatChecks?: Pick<VatChecks, 'enabled' | 'checkNow'>;
}

/** A valid ID last confirmed this long ago is asked about again before it exempts an order. */
const isStale = (company: CompanyRecord, now: Date) =>
  company.vatStatus === 'valid' &&
  now.getTime() - Date.parse(company.vatEvidence?.checkedAt ?? '') > VAT_RECHECK_MS;

const shipToProblem = (message: string, path = 'shipToState') =>
  AppError.badRequest(message, [{ path, message }]);

/**
 * What the tax decision needs to know about an order before its transaction (issue 51): the
 * seller, where it goes (the shop's own country when the buyer named none), who buys (a company
 * member buys as their company: its VAT ID's standing, its resale certificates), the admin's
 * rates, and, only for a sale to an EU consumer abroad, the shop's distance sales this year and
 * last. Read afresh for every order; a shop with no seller country reads nothing.
 */
export function createOrderTaxContexts({
  store,
  config,
  settings,
  vatChecks,
}: OrderTaxContextsDeps) {
  const { seller, singleRatePercent } = config.tax;

  /**
   * The company's VAT ID as it stands: one confirmed over 30 days ago is confirmed again first
   * (the law wants the ID valid when the supply is made). VIES answering a fault leaves it
   * valid, as the sweep does, and the sweep keeps asking.
   */
  async function current(company: CompanyRecord, now: Date) {
    if (!vatChecks?.enabled || !isStale(company, now)) return company;
    return (await vatChecks.checkNow(company)) ?? company;
  }

  async function buyerOf(email: string, now: Date): Promise<TaxBuyer> {
    const membership = await store.companies.membershipOf(email);
    if (!membership) return { kind: 'consumer' };
    const company = await current(membership.company, now);
    return {
      kind: 'business',
      ...(company.vatId && { vatId: company.vatId }),
      vatIdStatus: company.vatStatus,
      ...(company.vatManualVerification && {
        manualVerification: { note: company.vatManualVerification.note },
      }),
      ...(seller.country === 'US' && {
        resaleCertificates: await settings.certificatesOf(company._id),
      }),
    };
  }

  async function distanceSales(now: Date) {
    const year = now.getUTCFullYear();
    const [yearBeforeCents, previousYearCents] = await Promise.all(
      [year, year - 1].map((y) =>
        store.taxLedger.netCentsUnder(EU_DISTANCE_SALE_RULES, ...yearBounds(y)),
      ),
    );
    return { yearBeforeCents: yearBeforeCents ?? 0, previousYearCents: previousYearCents ?? 0 };
  }

  return {
    async contextFor(
      caller: { email: string },
      request: ShipToRequest,
      now: Date,
    ): Promise<OrderTaxContext> {
      if (request.shipToState && request.shipToCountry !== 'US')
        throw shipToProblem('Ship-to state is only for an address in the US');
      const country = request.shipToCountry ?? seller.country ?? '';
      const state =
        request.shipToState ??
        (country === 'US' && seller.country === 'US' && !request.shipToCountry
          ? seller.state
          : undefined);
      // A US seller's tax depends on the state: an address in the US names one.
      if (seller.country === 'US' && country === 'US' && !state)
        throw shipToProblem('Choose the US state it ships to', 'shipToState');
      const shipTo = { country, ...(state !== undefined && { state }) };
      const none = { yearBeforeCents: 0, previousYearCents: 0 };
      if (!seller.country)
        return {
          seller,
          shipTo,
          buyer: { kind: 'consumer' },
          rates: { eu: {}, usNexus: {}, singleRatePercent },
          euDistanceSales: none,
        };
      const [buyer, rates] = await Promise.all([buyerOf(caller.email, now), settings.rates()]);
      const distanceSale =
        buyer.kind === 'consumer' &&
        isEuCountry(seller.country) &&
        isEuCountry(country) &&
        country !== seller.country;
      return {
        seller,
        shipTo,
        buyer,
        rates,
        euDistanceSales: distanceSale ? await distanceSales(now) : none,
      };
    },
  };
}

export type OrderTaxContexts = ReturnType<typeof createOrderTaxContexts>;

/**
 * The contexts of a service: the admin's settings read from the store, and (given the logger)
 * VIES asked again about a stale valid ID.
 */
export const orderTaxContextsFor = (
  deps: Pick<OrderTaxContextsDeps, 'store' | 'config'> & {
    store: Pick<Store, 'taxSettings'>;
    config: Pick<Config, 'tax'>;
    logger?: Logger;
    now?: () => Date;
  },
) =>
  createOrderTaxContexts({
    ...deps,
    settings: createTaxSettings(deps.store, deps.config),
    ...(deps.logger && {
      vatChecks: createVatChecks({
        config: deps.config,
        store: deps.store,
        logger: deps.logger,
        ...(deps.now && { now: deps.now }),
      }),
    }),
  });

/** The tax of lines not yet placed, as the checkout and the quote show it (dollars). */
export function taxSummary(
  lines: readonly { toolId: string; taxClass: TaxClass; lineTotalCents: number }[],
  context: OrderTaxContext,
  today: string,
): TaxSummary {
  const tax = decideOrderTax(lines, context, today);
  const taxed = lines.map((line, i) => ({ ...line, decision: tax.lines[i]! }));
  return {
    shipToCountry: context.shipTo.country,
    ...(context.shipTo.state !== undefined && { shipToState: context.shipTo.state }),
    pricesIncludeTax: tax.pricesIncludeTax,
    lines: taxed.map(({ toolId, decision }) => ({
      toolId,
      ratePercent: decision.ratePercent,
      category: decision.category,
      ...(decision.reason !== undefined && { reason: decision.reason }),
      ...(decision.vatex !== undefined && { vatex: decision.vatex }),
      tax: centsToDollars(decision.cents),
    })),
    breakdown: breakdownWire(
      taxed.map(({ lineTotalCents, decision }) => ({ ...decision, amountCents: lineTotalCents })),
      tax.pricesIncludeTax,
    ),
    tax: centsToDollars(tax.cents),
    total: centsToDollars(tax.totalCents),
  };
}

/** The tax per category and rate of taxed lines (their amounts, net or with tax), in dollars. */
export function breakdownWire(
  lines: readonly TaxedLine[],
  pricesIncludeTax: boolean,
): TaxSummary['breakdown'] {
  return taxBreakdown(lines, { pricesIncludeTax }).map((row) => ({
    category: row.category,
    ratePercent: row.ratePercent,
    ...(row.reason !== undefined && { reason: row.reason }),
    taxable: centsToDollars(row.taxableCents),
    tax: centsToDollars(row.taxCents),
  }));
}
