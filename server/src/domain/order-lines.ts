import { allocate, type Allocation, type StockPlan } from '@toolworks/contract/availability';
import { unitPriceCentsFor, type PriceTierCents } from '@toolworks/contract/pricing';

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
export interface ToolFacts extends StockPlan {
  name: string;
  sku: string;
  priceCents: number;
  priceTiers: readonly PriceTierCents[];
  minimumOrderQuantity: number;
}

/** A line that could not be placed, as the tool stands now (an unknown tool: empty, zeros). */
export interface FailedLine {
  toolId: string;
  name: string;
  availableQuantity: number;
  minimumOrderQuantity: number;
}

export interface PlannedLine {
  toolId: string;
  name: string;
  sku: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** Absent when the line ships wholly from stock, as on lines placed before backorders. */
  allocations?: Allocation[];
}

export type LinesPlan =
  | { ok: false; reason: 'TOOL_NOT_FOUND' | 'BELOW_MINIMUM'; lines: FailedLine[] }
  | { ok: false; reason: 'PRICE_CHANGED'; totalCents: number }
  | {
      ok: true;
      lines: PlannedLine[];
      totalCents: number;
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

export const failedLine = (toolId: string, tool: ToolFacts | undefined): FailedLine => ({
  toolId,
  name: tool?.name ?? '',
  availableQuantity: tool?.availableQuantity ?? 0,
  minimumOrderQuantity: tool?.minimumOrderQuantity ?? 0,
});

/**
 * The order's lines from the request and the tools (`tools.get(id)` undefined: no such tool):
 * refused when a tool is unknown (or there are no lines), when a line is below its tool's
 * minimum order quantity, or when the total is not the `expectedTotalCents` the buyer saw.
 * Money in integer cents: a line's total is its quantity times its unit price.
 */
export function planLines(
  requested: readonly OrderLineRequest[],
  tools: ReadonlyMap<string, ToolFacts | undefined>,
  today: string,
  expectedTotalCents?: number,
): LinesPlan {
  const merged = mergeLines(requested);
  const missing = merged.filter((line) => !tools.get(line.toolId));
  if (missing.length || merged.length === 0)
    return {
      ok: false,
      reason: 'TOOL_NOT_FOUND',
      lines: missing.map((line) => failedLine(line.toolId, undefined)),
    };
  const priced = merged.map((line) => {
    const tool = tools.get(line.toolId) as ToolFacts;
    const unit =
      line.unitPriceCents ?? unitPriceCentsFor(tool.priceCents, tool.priceTiers, line.quantity);
    return { line, tool, unit, parts: allocate(tool, line.quantity, today) };
  });
  const below = priced.filter(({ line, tool }) => line.quantity < tool.minimumOrderQuantity);
  if (below.length)
    return {
      ok: false,
      reason: 'BELOW_MINIMUM',
      lines: below.map(({ line, tool }) => failedLine(line.toolId, tool)),
    };
  const totalCents = priced.reduce((sum, { line, unit }) => sum + line.quantity * unit, 0);
  if (expectedTotalCents !== undefined && expectedTotalCents !== totalCents)
    return { ok: false, reason: 'PRICE_CHANGED', totalCents };
  return {
    ok: true,
    lines: priced.map(({ line, tool, unit, parts }) => ({
      toolId: line.toolId,
      name: tool.name,
      sku: tool.sku,
      unitPriceCents: unit,
      quantity: line.quantity,
      lineTotalCents: line.quantity * unit,
      ...(parts?.some((part) => part.from !== 'stock') && { allocations: parts }),
    })),
    totalCents,
    quantity: priced.reduce((sum, { line }) => sum + line.quantity, 0),
    unpromised: priced
      .filter(({ parts }) => !parts)
      .map(({ line, tool }) => failedLine(line.toolId, tool)),
  };
}
