import { centsToDollars } from '@toolworks/contract/fields';
import { tiersToDollars } from '@toolworks/contract/pricing';
import type { ContractPrice } from '@toolworks/contract/tools';
import type { Config } from '../../config.js';
import type { LinePricing } from '../../domain/order-lines.js';
import { priceSchedule, resolvePrice, type PricedTool } from '../../domain/pricing.js';
import {
  authenticateBearer,
  bearerIn,
  verifyAccessToken,
  type GuardDeps,
} from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import type { CompanyPricingRecord, Store, UserRecord } from '../../store/store.js';

type Who = string | { email: string } | undefined;

/** A company's price lists in assignment order and its policy. */
export type Assignment = CompanyPricingRecord & { companyId: string };

/** What pricing reads of the store. */
export type PricingStore = Pick<Store, 'companies' | 'priceLists'>;

export interface PricingDeps {
  store: PricingStore;
  config: Pick<Config, 'payments'>;
}

/**
 * Whose prices a request shows (issue 50): the shop's currency and, for a member of a company
 * with price lists, those lists. Read afresh on every request from the store (a membership, the
 * company's assignment, then only the rules for the SKUs priced), never kept in memory, so an
 * admin's edit shows at once on every instance.
 */
export function createPricing({ store, config }: PricingDeps) {
  // Lists carry ISO 4217 in capitals; CURRENCY is kept in lower case for the card gateways.
  const currency = config.payments.currency.toUpperCase();
  const none: LinePricing = { currency };

  /** A company's lists and policy, or null when it has none. */
  async function companyAssignment(companyId: string): Promise<Assignment | null> {
    const assigned = await store.priceLists.companyPricing(companyId);
    return assigned && assigned.priceListIds.length > 0 ? { companyId, ...assigned } : null;
  }

  /** The company's lists and policy, or null for a consumer or a company with no lists. */
  async function assignmentOf(who: Who): Promise<Assignment | null> {
    const email = typeof who === 'string' ? who : who?.email;
    if (!email) return null;
    const membership = await store.companies.membershipOf(email);
    return membership ? companyAssignment(membership.company._id) : null;
  }

  /** The lists of an assignment with the fixed lines for just these SKUs (and every percentage). */
  async function pricingOf(
    assigned: Assignment | null,
    skus: readonly string[],
  ): Promise<LinePricing> {
    if (!assigned) return none;
    const lists = await store.priceLists.forPricing(assigned.priceListIds, skus);
    return {
      currency,
      buyer: { policy: assigned.pricePolicy, listIds: assigned.priceListIds, lists },
    };
  }

  return {
    currency,
    assignmentOf,
    companyAssignment,
    pricingOf,
    /**
     * The pricing for `who` (an email or a user; undefined: signed out) of tools with these
     * SKUs: their company's lists, or no buyer at all.
     */
    async pricingFor(who: Who, skus: readonly string[]): Promise<LinePricing> {
      return pricingOf(await assignmentOf(who), skus);
    },
  };
}

export type Pricing = ReturnType<typeof createPricing>;

/**
 * The buyer's own price for a card or a tool page, as the cart and the order will price it; null
 * when no list of theirs sets the price at the least quantity they may order.
 */
export function contractPriceOf(
  tool: PricedTool,
  pricing: LinePricing,
  today: string,
): ContractPrice | null {
  if (!pricing.buyer) return null;
  const { first, tiers } = priceSchedule(tool, today, pricing.currency, pricing.buyer);
  if (!first.list) return null;
  return {
    price: centsToDollars(first.unitPriceCents),
    priceTiers: tiersToDollars(tiers),
    priceListName: first.list.listName,
    listPrice: centsToDollars(first.listPriceCents),
    minimumOrderQuantity: first.minimumOrderQuantity,
    orderMultiple: first.orderMultiple,
  };
}

/** The shop's day (`YYYY-MM-DD`, UTC) that prices are resolved on. */
export const pricingDay = (now: Date) => now.toISOString().slice(0, 10);

/** The price of `quantity` of `tool` for the buyer today: what the cart shows and placing charges. */
export const priceFor = (tool: PricedTool, quantity: number, pricing: LinePricing, now: Date) =>
  resolvePrice(tool, quantity, pricingDay(now), pricing.currency, pricing.buyer);

/**
 * The caller an `Authorization` header proves, or undefined: the public routes that price tools
 * (catalogue, quick order) need no sign-in, and a token that proves nothing shows list prices.
 */
export async function optionalCaller(
  authorization: string | undefined,
  deps: GuardDeps,
): Promise<UserRecord | undefined> {
  if (!authorization) return undefined;
  return authenticateBearer(authorization, deps).catch((err: unknown) => {
    if (err instanceof AppError) return undefined;
    throw err;
  });
}

/** How many callers' companies are remembered; past it, the memory starts again (as tokens do). */
const CALLERS_KEPT = 10_000;

/**
 * The company a signed-in caller buys for (null: a consumer, or a token that proves nothing), as
 * `optionalCaller` and the membership decide it, remembered per token while the store's people
 * version stands: any write to accounts, companies or memberships (here or, as the store sees it,
 * on another instance) forgets it. The token's own expiry is checked on every call. A member's
 * catalogue page asks this on every request, and the answer rarely changes.
 */
export function createCallerCompanies(
  deps: GuardDeps & { store: Pick<Store, 'users' | 'companies' | 'peopleVersion'> },
) {
  const { store, config } = deps;
  const known = new Map<string, { people: number; companyId: string | null }>();
  return async function companyOf(authorization: string): Promise<string | null> {
    const people = store.peopleVersion();
    const kept = known.get(authorization);
    if (kept && kept.people === people) {
      try {
        verifyAccessToken(bearerIn(authorization) ?? '', config);
        return kept.companyId;
      } catch {
        known.delete(authorization);
      }
    }
    const user = await optionalCaller(authorization, deps);
    const companyId = user ? await store.companies.companyIdOf(user.email) : null;
    // Read under one version only: a write while reading leaves nothing remembered.
    if (store.peopleVersion() === people) {
      if (known.size >= CALLERS_KEPT) known.clear();
      known.set(authorization, { people, companyId });
    }
    return companyId;
  };
}
