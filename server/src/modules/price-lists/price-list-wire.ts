import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import type {
  PriceList,
  PriceListLine,
  PriceListSummary,
  SavePriceList,
} from '@toolworks/contract/price-lists';
import type { PricingRule } from '../../domain/pricing.js';
import type {
  PriceListInput,
  PriceListRecord,
  PriceListSummaryRecord,
  PriceListVersionRecord,
} from '../../store/store.js';

type WireLine = PriceList['lines'][number];

export function toRule(line: PriceListLine): PricingRule {
  if (line.type !== 'fixed') return line;
  return {
    type: 'fixed',
    sku: line.sku,
    priceCents: dollarsToCents(line.price),
    breaks: line.breaks.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: dollarsToCents(tier.price),
    })),
    minimumOrderQuantity: line.minimumOrderQuantity ?? null,
    orderMultiple: line.orderMultiple ?? null,
  };
}

export function toLine(rule: PricingRule): WireLine {
  if (rule.type !== 'fixed') return rule;
  return {
    type: 'fixed',
    sku: rule.sku,
    price: centsToDollars(rule.priceCents),
    breaks: rule.breaks.map((tier) => ({
      minQuantity: tier.minQuantity,
      price: centsToDollars(tier.priceCents),
    })),
    minimumOrderQuantity: rule.minimumOrderQuantity,
    orderMultiple: rule.orderMultiple,
  };
}

/** The saved body as the store keeps it; the shop's currency when none is given. */
export const toPriceListInput = (body: SavePriceList, shopCurrency: string): PriceListInput => ({
  name: body.name,
  currency: body.currency ?? shopCurrency,
  validFrom: body.validFrom ?? null,
  validTo: body.validTo ?? null,
  parentId: body.parentId ?? null,
  versions: [
    { startsOn: null, rules: body.lines.map(toRule) },
    ...body.versions.map((version) => ({
      startsOn: version.startsOn,
      rules: version.lines.map(toRule),
    })),
  ],
});

/** A stored list back as a save would write it (for an import that changes its own lines). */
export const recordToInput = (
  record: PriceListRecord,
  ownRules: PricingRule[],
): PriceListInput => ({
  name: record.name,
  currency: record.currency,
  validFrom: record.validFrom,
  validTo: record.validTo,
  parentId: record.parentId,
  versions: [
    { startsOn: null, rules: ownRules },
    ...record.versions.filter((version) => version.startsOn !== null),
  ],
});

export const ownRulesOf = (record: PriceListRecord): PricingRule[] => [
  ...(record.versions.find((version) => version.startsOn === null)?.rules ?? []),
];

const datedVersions = (versions: PriceListVersionRecord[]) =>
  versions.flatMap((version) =>
    version.startsOn ? [{ startsOn: version.startsOn, lines: version.rules.map(toLine) }] : [],
  );

export const toPriceListWire = (record: PriceListRecord): PriceList => ({
  _id: record._id,
  name: record.name,
  currency: record.currency,
  validFrom: record.validFrom,
  validTo: record.validTo,
  parentId: record.parentId,
  lines: ownRulesOf(record).map(toLine),
  versions: datedVersions(record.versions),
  companyIds: record.companyIds,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

export const toSummaryWire = (record: PriceListSummaryRecord): PriceListSummary => ({
  _id: record._id,
  name: record.name,
  currency: record.currency,
  validFrom: record.validFrom,
  validTo: record.validTo,
  parentId: record.parentId,
  companyIds: record.companyIds,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  lineCount: record.lineCount,
  versionStarts: record.versionStarts,
});
