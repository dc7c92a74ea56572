import type { Tool } from '@toolworks/contract/tools';
import { packNotice } from '@toolworks/contract/quantities';
import { formatPrice, formatPriceFor } from '@/lib/format';
import './pricing.css';

/** A price as the pack it buys: per pack when sold in packs, else per the price's basis. */
const packPrice = (price: number, tool: Tool) =>
  tool.packSize > 1 ? (price / tool.priceBasis) * tool.packSize : price;

/**
 * A tool's price on its card and its page: "Price: $12.40" (or "$18.90 / pack of 100 ($0.189
 * each)" for a tool sold in packs), or for a company member with a contract list "Your contract
 * price: $7.90" with the list price struck through beside it.
 */
export function ToolPrice({ tool, className }: { tool: Tool; className: string }) {
  const contract = tool.contractPrice;
  if (!contract) return <p className={className}>Price: {formatPriceFor(tool.price, tool)}</p>;
  return (
    <p className={`${className} contract-price`}>
      Your contract price: {formatPriceFor(contract.price, tool)}{' '}
      <s className="contract-price-list">
        <span className="visually-hidden">List price </span>
        {formatPrice(packPrice(contract.listPrice, tool))}
      </s>
      <span className="contract-price-name">{contract.priceListName}</span>
    </p>
  );
}

/** "Sold in packs of 100" / "Order in multiples of 6" under a price; nothing for loose pieces. */
export function PackNotice({ tool }: { tool: Tool }) {
  const words = packNotice(tool.packSize, tool.contractPrice?.orderMultiple ?? tool.orderMultiple);
  return words ? <p className="pack-notice">{words}</p> : null;
}
