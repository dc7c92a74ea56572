import type { Tool } from '@toolworks/contract/tools';
import { formatPrice } from '@/lib/format';
import { buyerPrices, lowestPrice } from './tool-pricing';

/** "from $10.75" on a card, when volume prices make the tool cheaper by the quantity. */
export function FromPrice({ tool }: { tool: Tool }) {
  if (buyerPrices(tool).priceTiers.length === 0) return null;
  return <p className="tool-card-from">from {formatPrice(lowestPrice(tool))} in volume</p>;
}
