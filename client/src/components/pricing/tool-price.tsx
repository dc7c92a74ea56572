import type { Tool } from '@toolworks/contract/tools';
import { formatPrice } from '@/lib/format';
import './pricing.css';

/**
 * A tool's price on its card and its page: "Price: $12.40", or for a company member with a
 * contract list "Your contract price: $7.90" with the list price struck through beside it.
 */
export function ToolPrice({ tool, className }: { tool: Tool; className: string }) {
  const contract = tool.contractPrice;
  if (!contract) return <p className={className}>Price: {formatPrice(tool.price)}</p>;
  return (
    <p className={`${className} contract-price`}>
      Your contract price: {formatPrice(contract.price)}{' '}
      <s className="contract-price-list">
        <span className="visually-hidden">List price </span>
        {formatPrice(contract.listPrice)}
      </s>
      <span className="contract-price-name">{contract.priceListName}</span>
    </p>
  );
}
