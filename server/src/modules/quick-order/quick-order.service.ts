import { availableToPromise, dayOf, maxOrderable } from '@toolworks/contract/availability';
import { centsToDollars } from '@toolworks/contract/fields';
import { formatCount as count } from '@toolworks/contract/format';
import { tiersToDollars } from '@toolworks/contract/pricing';
import type {
  QuickOrderCheckInput,
  QuickOrderLine,
  QuickOrderReport,
  QuickOrderTool,
} from '@toolworks/contract/quick-order';
import { SKU_MAX, SKU_PATTERN, skuKey } from '@toolworks/contract/sku';
import type { LinePricing } from '../../domain/order-lines.js';
import type { Store, ToolRecord } from '../../store/store.js';
import { priceFor } from '../pricing/index.js';
import { packNotice, roundUpToAllowed } from '@toolworks/contract/quantities';
import { DEFAULT_UNIT, isUnitCode } from '@toolworks/contract/units';

function toQuickOrderTool(tool: ToolRecord, quantityStep: number): QuickOrderTool {
  return {
    _id: tool._id,
    sku: tool.sku,
    name: tool.name,
    img: tool.img,
    price: centsToDollars(tool.priceCents),
    priceTiers: tiersToDollars(tool.priceTiers),
    MinimumOrderQuantity: tool.minimumOrderQuantity,
    availableQuantity: tool.availableQuantity,
    // Only what differs from a piece at a time, as on a cart line.
    ...(tool.unit !== DEFAULT_UNIT && isUnitCode(tool.unit) && { unit: tool.unit }),
    ...(tool.packSize > 1 && { packSize: tool.packSize }),
    ...(tool.orderMultiple > 1 && { orderMultiple: tool.orderMultiple }),
    ...(tool.priceBasis > 1 && { priceBasis: tool.priceBasis }),
    ...(quantityStep > 1 && { quantityStep }),
  };
}

/** One line judged against its tool as it is now (the cart and checkout judge it again). */
function judge(
  sku: string,
  quantity: number,
  tool: ToolRecord,
  today: string,
  pricing: LinePricing,
  at: Date,
): QuickOrderLine {
  const known = { sku, quantity, toolId: tool._id };
  if (!Number.isInteger(quantity) || quantity < 1)
    return {
      ...known,
      status: 'bad-quantity',
      message: 'Quantity must be a whole number of 1 or more',
    };
  // The buyer's price, minimum and step: a company member's contract list may set them. Off the
  // step, the line goes up to the next step (and the least they may order); on it, as asked,
  // so one below the minimum is still `below-minimum`, as for every tool.
  const asked = priceFor(tool, quantity, pricing, at);
  const rounded = roundUpToAllowed(quantity, asked.quantityStep, asked.leastQuantity);
  const decision = priceFor(tool, rounded, pricing, at);
  const minimum = decision.minimumOrderQuantity;
  const stock = tool.availableQuantity;
  // With backorders the line may go beyond stock, up to what the tool can promise.
  const most = maxOrderable(availableToPromise(tool, today));
  const priced = {
    ...known,
    unitPrice: centsToDollars(decision.unitPriceCents),
    lineTotal: centsToDollars(decision.lineTotalCents),
  };
  if (most < minimum)
    return { ...priced, status: 'sold-out', message: `${tool.name} is sold out for now` };
  if (rounded < minimum)
    return {
      ...priced,
      status: 'below-minimum',
      message: `The minimum order of ${tool.name} is ${count(minimum)}`,
    };
  if (rounded > most)
    return {
      ...priced,
      status: 'above-stock',
      message:
        most > stock
          ? `Only ${count(most)} of ${tool.name} can be promised`
          : `Only ${count(stock)} of ${tool.name} in stock`,
    };
  if (rounded !== quantity) {
    const why = packNotice(tool.packSize, decision.orderMultiple) ?? '';
    return {
      ...priced,
      quantity: rounded,
      requested: quantity,
      status: 'adjusted',
      message: `${why}: ${count(quantity)} rounded up to ${count(rounded)}`,
    };
  }
  return { ...priced, status: 'ok', message: 'Ready to add' };
}

/** Checks a whole paste with one catalogue read of its SKUs, not one query per line. */
export function createQuickOrderService(store: Pick<Store, 'tools'>, now: () => Date) {
  return {
    /** `pricingFor`: whose prices (a signed-in company member's lists) for the found SKUs. */
    async check(
      input: QuickOrderCheckInput,
      pricingFor: (skus: string[]) => Promise<LinePricing>,
    ): Promise<QuickOrderReport> {
      const lines = input.lines.map((line) => ({ ...line, sku: line.sku.trim() }));
      const at = now();
      const today = dayOf(at);
      const plausible = lines
        .map((line) => line.sku)
        .filter((sku) => sku.length <= SKU_MAX && SKU_PATTERN.test(sku));
      const byKey = new Map(
        (await store.tools.getBySkus(plausible)).map((tool) => [skuKey(tool.sku), tool]),
      );
      const pricing = await pricingFor([...byKey.values()].map((tool) => tool.sku));
      const firstLine = new Map<string, number>();
      const named = new Map<string, QuickOrderTool>();
      let okLines = 0;
      let totalCents = 0;
      const report = lines.map(({ sku, quantity }, index): QuickOrderLine => {
        const key = skuKey(sku);
        const tool = byKey.get(key);
        if (!sku) return { sku, quantity, status: 'unknown', message: 'Give a SKU' };
        if (!tool)
          return { sku, quantity, status: 'unknown', message: `No tool has the SKU ${sku}` };
        if (!named.has(tool._id))
          named.set(tool._id, toQuickOrderTool(tool, priceFor(tool, 1, pricing, at).quantityStep));
        const earlier = firstLine.get(key);
        if (earlier !== undefined)
          return {
            sku,
            quantity,
            status: 'duplicate',
            toolId: tool._id,
            message: `${tool.sku} is already on line ${earlier}: give its quantity once`,
          };
        firstLine.set(key, index + 1);
        const judged = judge(sku, quantity, tool, today, pricing, at);
        if (judged.status === 'ok' || judged.status === 'adjusted') {
          okLines += 1;
          totalCents += Math.round((judged.lineTotal ?? 0) * 100);
        }
        return judged;
      });
      return {
        lines: report,
        tools: [...named.values()],
        okLines,
        total: centsToDollars(totalCents),
      };
    },
  };
}
