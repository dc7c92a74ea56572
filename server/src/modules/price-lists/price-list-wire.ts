import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import type {
  PriceList,
  PriceListLine,
  PriceListSummary,
  SavePriceList,
} from '@toolworks/contract/price-lists';
import { tiersToCents, tiersToDollars } from '@toolworks/contract/pricing';
import type { PricingRule } from '../../domain/pricing.js';
import type {
  PriceListInput,
  PriceListRecord,
  PriceListSummaryRecord,
} from '../../store/ports/price-lists.js';

type WireLine = PriceList['lines'][number];

/** A line as saved: money to cents. */
export function toRule(line: PriceListLine): PricingRule {
  if (line.type !== 'fixed') return line;
  return {
    type: 'fixed',
    sku: line.sku,
    priceCents: dollarsToCents(line.price),
    breaks: tiersToCents(line.breaks),
    minimumOrderQuantity: line.minimumOrderQuantity ?? null,
    orderMultiple: line.orderMultiple ?? null,
  };
}

export function toWireLine(rule: PricingRule): WireLine {
  if (rule.type !== 'fixed') return rule;
  return {
    type: 'fixed',
    sku: rule.sku,
    price: centsToDollars(rule.priceCents),
    breaks: tiersToDollars(rule.breaks),
    minimumOrderQuantity: rule.minimumOrderQuantity,
    orderMultiple: rule.orderMultiple,
  };
}

/** The body of POST/PUT as stored: the list's own lines are the version that starts with it. */
export const toPriceListInput = (body: SavePriceList, shopCurrency: string): PriceListInput => ({
  name: body.name,
  currency: body.currency ?? shopCurrency,
  validFrom: body.validFrom ?? null,
  validTo: body.validTo ?? null,
  parentId: body.parentId ?? null,
  versions: [
    { startsOn: null, rules: body.lines.map(toRule) },
    ...[...body.versions]
      .sort((a, b) => a.startsOn.localeCompare(b.startsOn))
      .map((version) => ({ startsOn: version.startsOn, rules: version.lines.map(toRule) })),
  ],
});

export function toPriceListWire(record: PriceListRecord): PriceList {
  const own = record.versions.find((version) => version.startsOn === null);
  return {
    _id: record._id,
    name: record.name,
    currency: record.currency,
    validFrom: record.validFrom,
    validTo: record.validTo,
    parentId: record.parentId,
    lines: (own?.rules ?? []).map(toWireLine),
    versions: record.versions
      .filter((version) => version.startsOn !== null)
      .map((version) => ({
        startsOn: version.startsOn as string,
        lines: version.rules.map(toWireLine),
      })),
    companyIds: record.companyIds,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export const toPriceListSummaryWire = (record: PriceListSummaryRecord): PriceListSummary => ({
  _id: record._id,
  name: record.name,
  currency: record.currency,
  validFrom: record.validFrom,
  validTo: record.validTo,
  parentId: record.parentId,
  companyIds: record.companyIds,
  lineCount: record.lineCount,
  versionStarts: record.versionStarts,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});
