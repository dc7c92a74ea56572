import { unitPriceCentsFor, type PriceTierCents } from '@toolworks/contract/pricing';
import type { PricePolicy, PriceStep } from '@toolworks/contract/price-lists';
import { PRICE_LIST_MAX_DEPTH } from '@toolworks/contract/price-lists';
import { leastQuantity, quantityStep } from '@toolworks/contract/quantities';
import { skuKey } from '@toolworks/contract/sku';

/**
 * The one price resolver (issue 50): the price of (tool, quantity, buyer, date). Every screen and
 * document reads it: tool cards and pages, the cart, quick order, saved lists, quotes, and the
 * order's lines when it is placed (which then keep what was written). Pure; money in integer
 * cents of the list's currency; a price is per the tool's `priceBasis` pieces.
 */

/** What pricing reads of a tool. */
export interface PricedTool {
  sku: string;
  category: string;
  priceCents: number;
  priceTiers: readonly PriceTierCents[];
  minimumOrderQuantity: number;
  /** Pieces per sales pack (1 when not sold in packs). */
  packSize?: number;
  orderMultiple?: number;
  /** The price is per this many pieces (1, or 100 for "per 100 rivets"). */
  priceBasis?: number;
}

export type PricingRule =
  | {
      type: 'fixed';
      sku: string;
      priceCents: number;
      breaks: readonly PriceTierCents[];
      minimumOrderQuantity: number | null;
      orderMultiple: number | null;
    }
  | { type: 'category'; category: string; percentOff: number }
  | { type: 'all'; percentOff: number };

export interface PricingVersion {
  /** `YYYY-MM-DD`; `null` for the list's own lines, in force from the start. */
  startsOn: string | null;
  rules: readonly PricingRule[];
}

/** A price list as the resolver reads it (the store may give only the rules for the SKUs asked). */
export interface PricingList {
  id: string;
  name: string;
  currency: string;
  validFrom: string | null;
  validTo: string | null;
  parentId: string | null;
  versions: readonly PricingVersion[];
}

/** A buyer's side of pricing: their company's lists in assignment order, and the policy. */
export interface BuyerPricing {
  policy: PricePolicy;
  listIds: readonly string[];
  /** The assigned lists and their parents, by id; an id missing here is a deleted list. */
  lists: ReadonlyMap<string, PricingList>;
}

export interface AppliedList {
  listId: string;
  listName: string;
  /** The version's first day, or null for the list's own lines. */
  versionStartsOn: string | null;
}

export interface PriceStepCents extends Omit<PriceStep, 'price'> {
  priceCents: number;
}

export interface PriceDecision {
  unitPriceCents: number;
  lineTotalCents: number;
  currency: string;
  /** The tool's own price at this quantity (struck through when a list applies). */
  listPriceCents: number;
  priceBasis: number;
  steps: PriceStepCents[];
  applied: PriceStepCents;
  /** The list that set the price, or null when the tool's own price applies. */
  list: AppliedList | null;
  skipped: { listId: string; listName: string; reason: string }[];
  /** The buyer's minimum and step in pieces (a list may override the tool's). */
  minimumOrderQuantity: number;
  orderMultiple: number;
  quantityStep: number;
  leastQuantity: number;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/** The version of a list in force on `date`: the latest that has started. */
export function versionOn(list: PricingList, date: string): PricingVersion | undefined {
  let found: PricingVersion | undefined;
  for (const version of list.versions)
    if (version.startsOn === null || version.startsOn <= date)
      if (!found || (version.startsOn ?? '') >= (found.startsOn ?? '')) found = version;
  return found;
}

/** Why a list does not apply on `date` in `currency`, or null when it is in force. */
export function whyNotInForce(list: PricingList, date: string, currency: string): string | null {
  if (list.currency !== currency) return `priced in ${list.currency}, not ${currency}`;
  if (list.validFrom && date < list.validFrom) return `valid from ${list.validFrom}`;
  if (list.validTo && date > list.validTo) return `valid until ${list.validTo}`;
  return null;
}

interface ListPrice {
  priceCents: number;
  steps: PriceStepCents[];
  versionStartsOn: string | null;
}

const step = (list: PricingList | null, rule: string, priceCents: number): PriceStepCents => ({
  source: list ? 'list' : 'base',
  listId: list?.id ?? null,
  listName: list?.name ?? null,
  rule,
  priceCents,
  applies: false,
});

const fixedRule = (rules: readonly PricingRule[], sku: string) =>
  rules.find((rule) => rule.type === 'fixed' && skuKey(rule.sku) === sku) as
    Extract<PricingRule, { type: 'fixed' }> | undefined;

/**
 * A list's price for the tool, or null when the list (and its parents) has no rule for it.
 * A fixed price beats a percentage; a category's percentage beats the whole list's; a list's
 * percentages apply to its parent's price (the base when it has none or the parent has no rule).
 */
function listPrice(
  list: PricingList,
  tool: PricedTool,
  quantity: number,
  date: string,
  currency: string,
  lists: ReadonlyMap<string, PricingList>,
  base: PriceStepCents,
  depth = 0,
): ListPrice | null {
  if (depth > PRICE_LIST_MAX_DEPTH || whyNotInForce(list, date, currency)) return null;
  const version = versionOn(list, date);
  const rules = version?.rules ?? [];
  const versionStartsOn = version?.startsOn ?? null;
  const versionWords = versionStartsOn ? ` (from ${versionStartsOn})` : '';
  const fixed = fixedRule(rules, skuKey(tool.sku));
  if (fixed) {
    const priceCents = unitPriceCentsFor(fixed.priceCents, fixed.breaks, quantity);
    const from = fixed.breaks.filter((tier) => tier.minQuantity <= quantity).at(-1);
    const words = from ? `contract fixed from ${from.minQuantity}` : 'contract fixed';
    return {
      priceCents,
      versionStartsOn,
      steps: [step(list, `${words}${versionWords}`, priceCents)],
    };
  }
  const parent = list.parentId ? lists.get(list.parentId) : undefined;
  const inherited = parent
    ? listPrice(parent, tool, quantity, date, currency, lists, base, depth + 1)
    : null;
  const from = inherited ?? { priceCents: base.priceCents, steps: [], versionStartsOn: null };
  const percentRule =
    rules.find((rule) => rule.type === 'category' && rule.category === tool.category) ??
    rules.find((rule) => rule.type === 'all');
  if (percentRule && percentRule.type !== 'fixed') {
    const priceCents = Math.round((from.priceCents * (100 - percentRule.percentOff)) / 100);
    const scope = percentRule.type === 'category' ? ` on ${percentRule.category}` : '';
    const rule = `${list.name} -${percent(percentRule.percentOff)}${scope}${versionWords}`;
    return { priceCents, versionStartsOn, steps: [...from.steps, step(list, rule, priceCents)] };
  }
  // No rule of its own: a derived list passes its parent's price on.
  return inherited && { ...inherited, versionStartsOn };
}

/** The tool's own price at the quantity: its list price or the volume price reached. */
function baseStep(tool: PricedTool, quantity: number): PriceStepCents {
  const priceCents = unitPriceCentsFor(tool.priceCents, tool.priceTiers, quantity);
  const tier = tool.priceTiers.filter((t) => t.minQuantity <= quantity).at(-1);
  return step(null, tier ? `volume price from ${tier.minQuantity}` : 'list price', priceCents);
}

/**
 * The buyer's minimum and multiple: per field, the first assigned list in force whose fixed
 * line for the SKU sets it, else the tool's own.
 */
function quantityRules(
  tool: PricedTool,
  inForce: readonly PricingList[],
  date: string,
): { minimumOrderQuantity: number; orderMultiple: number } {
  let minimum: number | null = null;
  let multiple: number | null = null;
  for (const list of inForce) {
    const fixed = fixedRule(versionOn(list, date)?.rules ?? [], skuKey(tool.sku));
    minimum ??= fixed?.minimumOrderQuantity ?? null;
    multiple ??= fixed?.orderMultiple ?? null;
  }
  return {
    minimumOrderQuantity: minimum ?? tool.minimumOrderQuantity,
    orderMultiple: multiple ?? tool.orderMultiple ?? 1,
  };
}

/** A line's total: quantity times the unit price per basis, rounded to the cent once. */
export function lineTotalCents(quantity: number, unitPriceCents: number, priceBasis = 1): number {
  return Math.round((quantity * unitPriceCents) / priceBasis);
}

/**
 * The price of `quantity` pieces of `tool` for `buyer` (undefined: no company, or a consumer) on
 * `date` (`YYYY-MM-DD`) in the shop's `currency`. Policy `lowest` takes the cheapest list at this
 * quantity (the first on a tie); `priority` the first list, in assignment order, with a rule for
 * the tool. With no list applying, the tool's own (volume) price.
 */
export function resolvePrice(
  tool: PricedTool,
  quantity: number,
  date: string,
  currency: string,
  buyer?: BuyerPricing,
): PriceDecision {
  const base = baseStep(tool, quantity);
  const skipped: PriceDecision['skipped'] = [];
  const inForce: PricingList[] = [];
  for (const id of buyer?.listIds ?? []) {
    const list = buyer?.lists.get(id);
    if (!list) continue;
    const why = whyNotInForce(list, date, currency);
    if (why) skipped.push({ listId: list.id, listName: list.name, reason: why });
    else inForce.push(list);
  }
  const candidates = inForce.flatMap((list) => {
    const price = listPrice(list, tool, quantity, date, currency, buyer?.lists ?? new Map(), base);
    return price ? [{ list, price }] : [];
  });
  const chosen =
    buyer?.policy === 'priority'
      ? candidates[0]
      : candidates.reduce<(typeof candidates)[number] | undefined>(
          (best, next) => (!best || next.price.priceCents < best.price.priceCents ? next : best),
          undefined,
        );
  const steps = [base, ...candidates.flatMap(({ price }) => price.steps)];
  const applied = chosen ? (chosen.price.steps.at(-1) as PriceStepCents) : base;
  applied.applies = true;
  const priceBasis = tool.priceBasis ?? 1;
  const quantities = quantityRules(tool, inForce, date);
  const stepSize = quantityStep(tool.packSize ?? 1, quantities.orderMultiple);
  return {
    unitPriceCents: applied.priceCents,
    lineTotalCents: lineTotalCents(quantity, applied.priceCents, priceBasis),
    currency,
    listPriceCents: base.priceCents,
    priceBasis,
    steps,
    applied,
    list: chosen
      ? {
          listId: chosen.list.id,
          listName: chosen.list.name,
          versionStartsOn: chosen.price.versionStartsOn,
        }
      : null,
    skipped,
    ...quantities,
    quantityStep: stepSize,
    leastQuantity: leastQuantity(quantities.minimumOrderQuantity, stepSize),
  };
}

/** "base 12.40 -> Distributor -30% 8.68 -> contract fixed 7.90 (applies)", for logs and tests. */
export function explainInWords(decision: PriceDecision): string {
  return decision.steps
    .map(
      (s) =>
        `${s.source === 'base' ? 'base' : s.rule} ${dollars(s.priceCents)}${s.applies ? ' (applies)' : ''}`,
    )
    .join(' -> ');
}

/**
 * The buyer's price schedule for a tool: the unit price at the least quantity they may order, and
 * each quantity above it where the price changes. Every rule is constant between these
 * breakpoints (base tiers and every list's breaks for the SKU), so resolving at each one gives
 * the same figures the cart and the order will. For cards and the tool page.
 */
export function priceSchedule(
  tool: PricedTool,
  date: string,
  currency: string,
  buyer: BuyerPricing,
): { first: PriceDecision; tiers: PriceTierCents[] } {
  const first = resolvePrice(tool, 1, date, currency, buyer);
  const start = first.leastQuantity;
  const atStart = start === 1 ? first : resolvePrice(tool, start, date, currency, buyer);
  const key = skuKey(tool.sku);
  const points = new Set<number>(tool.priceTiers.map((tier) => tier.minQuantity));
  for (const list of buyer.lists.values())
    for (const version of list.versions)
      for (const rule of version.rules)
        if (rule.type === 'fixed' && skuKey(rule.sku) === key)
          for (const tier of rule.breaks) points.add(tier.minQuantity);
  const tiers: PriceTierCents[] = [];
  let last = atStart.unitPriceCents;
  for (const minQuantity of [...points].filter((q) => q > start).sort((a, b) => a - b)) {
    const priceCents = resolvePrice(tool, minQuantity, date, currency, buyer).unitPriceCents;
    if (priceCents !== last) tiers.push({ minQuantity, priceCents });
    last = priceCents;
  }
  return { first: atStart, tiers };
}
