import { centsToDollars } from '@toolworks/contract/fields';
import type {
  PricingExplainQuerySchema,
  PricingExplanation,
  PriceStep,
} from '@toolworks/contract/price-lists';
import { dayOf } from '@toolworks/contract/stock-plan';
import type { z } from 'zod';
import { resolvePrice, type BuyerPricing, type PriceStepCents } from '../../domain/pricing.js';
import { AppError } from '../../lib/app-error.js';
import type { Id, Store, UserRecord } from '../../store/store.js';

type ExplainQuery = z.output<typeof PricingExplainQuerySchema>;

const toStep = ({ priceCents, ...rest }: PriceStepCents): PriceStep => ({
  ...rest,
  price: centsToDollars(priceCents),
});

/**
 * Why a tool costs what it does for a company on a day (issue 50): the resolver's steps in
 * dollars. An admin names any company (or none: the base price); anyone else is priced as
 * their own company, or as a consumer, and may not look at another company's prices.
 */
export function createPricingExplain(
  store: Pick<Store, 'priceLists' | 'tools' | 'companies'>,
  currency: string,
  now: () => Date,
) {
  async function companyFor(caller: UserRecord, companyId: Id | undefined) {
    if (caller.role === 'admin') return companyId;
    const own = (await store.companies.membershipOf(caller.email))?.company._id;
    if (companyId && companyId !== own)
      throw AppError.forbidden("You may only see your own company's prices");
    return own;
  }

  async function buyerOf(
    companyId: Id | undefined,
    sku: string,
  ): Promise<BuyerPricing | undefined> {
    if (!companyId) return undefined;
    const pricing = await store.priceLists.companyPricing(companyId);
    if (!pricing) throw AppError.notFound('Company not found');
    return {
      policy: pricing.pricePolicy,
      listIds: pricing.priceListIds,
      lists: await store.priceLists.forPricing(pricing.priceListIds, [sku]),
    };
  }

  return async function explain(
    caller: UserRecord,
    query: ExplainQuery,
  ): Promise<PricingExplanation> {
    const buyer = await buyerOf(await companyFor(caller, query.companyId), query.sku);
    const tool = await store.tools.getBySku(query.sku);
    if (!tool) throw AppError.notFound(`No tool has SKU ${query.sku}`);
    const date = query.date ?? dayOf(now());
    const decision = resolvePrice(tool, query.quantity, date, currency, buyer);
    return {
      sku: tool.sku,
      quantity: query.quantity,
      date,
      unitPrice: centsToDollars(decision.unitPriceCents),
      lineTotal: centsToDollars(decision.lineTotalCents),
      currency: decision.currency,
      priceBasis: decision.priceBasis,
      listPrice: centsToDollars(decision.listPriceCents),
      steps: decision.steps.map(toStep),
      applied: toStep(decision.applied),
      skipped: decision.skipped,
      minimumOrderQuantity: decision.minimumOrderQuantity,
      orderMultiple: decision.orderMultiple,
    };
  };
}
