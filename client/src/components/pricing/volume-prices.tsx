import type { Tool } from '@toolworks/contract/tools';
import { formatCents, formatCount, formatPrice } from '@/lib/format';
import { buyerPrices, nextTierFor, unitPriceFor } from './tool-pricing';
import './pricing.css';

/**
 * A tool's volume prices ("200+ units: $11.90"), the row that applies to `quantity` marked, and
 * with a quantity the hint to the next tier. Nothing when the tool has no tiers. Shared by the
 * purchase page and the public tool page.
 */
export function VolumePrices({ tool, quantity }: { tool: Tool; quantity?: number }) {
  const prices = buyerPrices(tool);
  if (prices.priceTiers.length === 0) return null;
  const unit = quantity === undefined ? undefined : unitPriceFor(tool, quantity);
  const headingId = `volume-prices-${tool._id}`;
  return (
    <section className="volume-prices-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="volume-prices-title">
        Volume prices
      </h3>
      <ul>
        <li aria-current={unit === prices.price ? 'true' : undefined}>
          {formatCount(prices.minimumOrderQuantity)}+ units: {formatPrice(prices.price)}
        </li>
        {prices.priceTiers.map((tier) => (
          <li key={tier.minQuantity} aria-current={unit === tier.price ? 'true' : undefined}>
            {formatCount(tier.minQuantity)}+ units: {formatPrice(tier.price)}
          </li>
        ))}
      </ul>
      {quantity === undefined ? null : <TierHint tool={tool} quantity={quantity} />}
    </section>
  );
}

/** "Add 40 more to pay $11.90 each and save $X", following the quantity as it is typed. */
export function TierHint({ tool, quantity }: { tool: Tool; quantity: number }) {
  const next =
    quantity >= buyerPrices(tool).minimumOrderQuantity ? nextTierFor(tool, quantity) : null;
  return (
    <p className="tier-hint" aria-live="polite">
      {next
        ? `Add ${formatCount(next.unitsMore)} more to pay ${formatCents(next.priceCents)} each and save ${formatCents(next.savingsCents)}`
        : ''}
    </p>
  );
}
