import { allocate, type Allocation, type StockPlan } from '@toolworks/contract/availability';
import { isMultipleOf } from '@toolworks/contract/quantities';
import { DEFAULT_TAX_CLASS, type TaxClass } from '@toolworks/contract/tax';
import { decideOrderTax, type LineTax, type OrderTaxContext } from './order-tax.js';
import {
  lineTotalCents,
  resolvePrice,
  type AppliedList,
  type BuyerPricing,
  type PricedTool,
} from './pricing.js';

/**
 * The lines of an order being placed: merged, priced, promised and checked against the tools as
 * read inside the order's transaction. Both adapters read the tools, call `planLines` and write
 * its lines; holding the stock it promises is theirs (a conditional update).
 */

export interface OrderLineRequest {
  toolId: string;
  quantity: number;
  /** An accepted quote's agreed price; otherwise the tool's (tiered) price for the quantity. */
  unitPriceCents?: number;
}

/** What placing reads of a tool. */
export interface ToolFacts extends StockPlan, PricedTool {
  name: string;
  /** The UN/ECE Rec 20 unit; absent: 'C62', a piece. */
  unit?: string;
  /** Which of a country's rates its sale takes; absent: standard. */
  taxClass?: TaxClass;
}

/** Whose prices: the shop's currency and the buyer's company lists (none: the tools' own). */
export interface LinePricing {
  currency: string;
  buyer?: BuyerPricing;
}

/** A line that could not be placed, as the tool stands now (an unknown tool: empty, zeros). */
export interface FailedLine {
  toolId: string;
  name: string;
  /** The quantity asked for. */
  quantity: number;
  availableQuantity: number;
  /** The buyer's minimum (a price list may set it) and the step quantities move in. */
  minimumOrderQuantity: number;
  quantityStep: number;
  /** Pieces per pack, when the tool is sold in packs (so a refusal says "packs of 100"). */
  packSize?: number;
}

export interface PlannedLine {
  toolId: string;
  name: string;
  sku: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** The unit price is per this many pieces (1 unless the tool is priced per 100, ...). */
  priceBasis: number;
  /** The tool's UN/ECE Rec 20 unit, kept on the order line. */
  unit: string;
  /** The price list (and version) that set the price; absent for the tool's own or a quote's. */
  priceList?: AppliedList;
  /** Absent when the line ships wholly from stock, as on lines placed before backorders. */
  allocations?: Allocation[];
  /** Its tax as decided at placing; absent when placed without a tax context (and before it). */
  tax?: LineTax;
}

export type LinesPlan =
  | {
      ok: false;
      reason: 'TOOL_NOT_FOUND' | 'BELOW_MINIMUM' | 'QUANTITY_NOT_MULTIPLE';
      lines: FailedLine[];
    }
  | { ok: false; reason: 'PRICE_CHANGED'; totalCents: number }
  | {
      ok: true;
      lines: PlannedLine[];
      /** What the buyer pays: the lines, and their tax when the prices are net. */
      totalCents: number;
      /** The lines' tax, summed, and whether the prices include it (with a tax context). */
      tax?: { cents: number; pricesIncludeTax: boolean };
      /** The sum of the lines' quantities. */
      quantity: number;
      /**
       * Lines no stock, batch or lead time can promise: OUT_OF_STOCK, judged after a quote's
       * acceptance (a changed quote is the clearer answer).
       */
      unpromised: FailedLine[];
    };

/** One line per tool, in the order first listed: a tool listed twice is one line of the summed quantity, at the first line's agreed price (if it has one). */
export function mergeLines(lines: readonly OrderLineRequest[]): OrderLineRequest[] {
  const merged = new Map<string, OrderLineRequest>();
  for (const line of lines) {
    const seen = merged.get(line.toolId);
    if (seen) seen.quantity += line.quantity;
    else merged.set(line.toolId, { ...line });
  }
  return [...merged.values()];
}

export const failedLine = (
  { toolId, quantity }: { toolId: string; quantity: number },
  tool: ToolFacts | undefined,
  rules: { minimumOrderQuantity: number; quantityStep: number } = {
    minimumOrderQuantity: tool?.minimumOrderQuantity ?? 0,
    quantityStep: 1,
  },
): FailedLine => ({
  toolId,
  quantity,
  name: tool?.name ?? '',
  availableQuantity: tool?.availableQuantity ?? 0,
  minimumOrderQuantity: rules.minimumOrderQuantity,
  quantityStep: rules.quantityStep,
  ...(tool?.packSize !== undefined && tool.packSize > 1 && { packSize: tool.packSize }),
});

/**
 * The order's lines from the request and the tools (`tools.get(id)` undefined: no such tool):
 * refused when a tool is unknown (or there are no lines), when a line is below the buyer's
 * minimum order quantity or not a multiple of its step (packs, order multiples), or when the
 * total is not the `expectedTotalCents` the buyer saw. Each line is priced by the one resolver
 * (`resolvePrice`) for the buyer on `today`, unless it carries a quote's agreed price.
 * Money in integer cents: a line's total is its quantity times its unit price per basis.
 */
export function planLines(
  requested: readonly OrderLineRequest[],
  tools: ReadonlyMap<string, ToolFacts | undefined>,
  today: string,
  expectedTotalCents?: number,
  pricing: LinePricing = { currency: '' },
  taxContext?: OrderTaxContext,
): LinesPlan {
  const merged = mergeLines(requested);
  const missing = merged.filter((line) => !tools.get(line.toolId));
  if (missing.length || merged.length === 0)
    return {
      ok: false,
      reason: 'TOOL_NOT_FOUND',
      lines: missing.map((line) => failedLine(line, undefined)),
    };
  const priced = merged.map((line) => {
    const tool = tools.get(line.toolId) as ToolFacts;
    const decision = resolvePrice(tool, line.quantity, today, pricing.currency, pricing.buyer);
    const agreed = line.unitPriceCents !== undefined;
    const unitCents = line.unitPriceCents ?? decision.unitPriceCents;
    const total = lineTotalCents(line.quantity, unitCents, decision.priceBasis);
    const list = agreed ? null : decision.list;
    return {
      line,
      tool,
      decision,
      unitCents,
      total,
      list,
      parts: allocate(tool, line.quantity, today),
    };
  });
  const failed = (reason: 'BELOW_MINIMUM' | 'QUANTITY_NOT_MULTIPLE', at: typeof priced) =>
    ({
      ok: false,
      reason,
      lines: at.map(({ line, tool, decision }) => failedLine(line, tool, decision)),
    }) as const;
  const below = priced.filter(
    ({ line, decision }) => line.quantity < decision.minimumOrderQuantity,
  );
  if (below.length) return failed('BELOW_MINIMUM', below);
  const offStep = priced.filter(
    ({ line, decision }) => !isMultipleOf(line.quantity, decision.quantityStep),
  );
  if (offStep.length) return failed('QUANTITY_NOT_MULTIPLE', offStep);
  const tax =
    taxContext &&
    decideOrderTax(
      priced.map(({ tool, total }) => ({
        taxClass: tool.taxClass ?? DEFAULT_TAX_CLASS,
        lineTotalCents: total,
      })),
      taxContext,
      today,
    );
  const totalCents = tax?.totalCents ?? priced.reduce((sum, { total }) => sum + total, 0);
  if (expectedTotalCents !== undefined && expectedTotalCents !== totalCents)
    return { ok: false, reason: 'PRICE_CHANGED', totalCents };
  return {
    ok: true,
    lines: priced.map(({ line, tool, unitCents, total, list, decision, parts }, i) => ({
      toolId: line.toolId,
      name: tool.name,
      sku: tool.sku,
      unitPriceCents: unitCents,
      quantity: line.quantity,
      lineTotalCents: total,
      priceBasis: decision.priceBasis,
      unit: tool.unit ?? 'C62',
      ...(list && { priceList: list }),
      ...(parts?.some((part) => part.from !== 'stock') && { allocations: parts }),
      ...(tax && { tax: tax.lines[i] }),
    })),
    totalCents,
    ...(tax && { tax: { cents: tax.cents, pricesIncludeTax: tax.pricesIncludeTax } }),
    quantity: priced.reduce((sum, { line }) => sum + line.quantity, 0),
    unpromised: priced
      .filter(({ parts }) => !parts)
      .map(({ line, tool }) => failedLine(line, tool)),
  };
}
