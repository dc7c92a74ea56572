import { tiersToCents } from '@toolworks/contract/pricing';
import type { Tool } from '@toolworks/contract/tools';
import type { LinePricing } from '../../domain/order-lines.js';
import type { PricedTool } from '../../domain/pricing.js';
import { contractPriceOf } from '../pricing/index.js';

/** The pack fields a tool may carry on the wire (issue 50, packs), read when present. */
type PackFields = Partial<Record<'packSize' | 'orderMultiple' | 'priceBasis', number>>;

/** What pricing reads of a tool as the API shows it: listed tools are kept as their JSON text. */
export function pricedFromWire(tool: Tool & PackFields): PricedTool {
  return {
    sku: tool.sku,
    category: tool.category,
    priceCents: Math.round(tool.price * 100),
    priceTiers: tiersToCents(tool.priceTiers),
    minimumOrderQuantity: tool.MinimumOrderQuantity,
    ...(tool.packSize !== undefined && { packSize: tool.packSize }),
    ...(tool.orderMultiple !== undefined && { orderMultiple: tool.orderMultiple }),
    ...(tool.priceBasis !== undefined && { priceBasis: tool.priceBasis }),
  };
}

/**
 * A member's page: each listed tool's text with their `contractPrice` added as its last field
 * (null where no list of theirs prices it). `pricingFor` is asked once, for the page's SKUs.
 */
export async function withContractPrices(
  items: readonly string[],
  pricingFor: (skus: string[]) => Promise<LinePricing>,
  today: string,
): Promise<string[]> {
  const tools = items.map((item) => JSON.parse(item) as Tool);
  const pricing = await pricingFor(tools.map((tool) => tool.sku));
  return items.map((item, i) => {
    const contract = contractPriceOf(pricedFromWire(tools[i] as Tool), pricing, today);
    return `${item.slice(0, -1)},"contractPrice":${JSON.stringify(contract)}}`;
  });
}
