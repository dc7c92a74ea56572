import type { Order } from '@toolworks/contract/orders';
import { TaxBreakdown } from '@/components/tax/tax-totals';
import { formatPrice } from '@/lib/format';
import { countryName, taxRowLabel, usStates } from '@/lib/tax';

type OrderTax = NonNullable<Order['tax']>;

/** "New York, United States", "France". */
export function shipsTo(tax: OrderTax): string {
  const state = usStates.find((s) => s.code === tax.shipToState)?.name ?? tax.shipToState;
  return [state, countryName(tax.shipToCountry)].filter(Boolean).join(', ');
}

/** A line's tax as decided when placed: "VAT 19%", "0% — Intra-Community supply". */
export function LineTax({ line, order }: { line: Order['items'][number]; order: Order }) {
  if (!line.tax || !order.tax) return null;
  // A shop whose prices include a 0% rate shows its lines as it always has.
  if (order.tax.pricesIncludeTax && line.tax.ratePercent === 0) return null;
  return (
    <>
      {' '}
      <span className="order-line-tax">{taxRowLabel(line.tax, order.tax)}</span>
    </>
  );
}

/** Net prices: the subtotal and the tax per category and rate, above the order's total. */
export function AddedTax({ tax, total }: { tax: OrderTax; total: number }) {
  if (tax.pricesIncludeTax) return null;
  return (
    <div className="tax-totals">
      <dl>
        <dt>Subtotal</dt>
        <dd>{formatPrice(Math.round((total - tax.tax) * 100) / 100)}</dd>
        <TaxBreakdown tax={tax} />
      </dl>
    </div>
  );
}

/** Prices with the tax in them: which part of the total it is, below it. */
export function IncludedTax({ tax }: { tax: OrderTax }) {
  return tax.pricesIncludeTax ? <TaxBreakdown tax={tax} /> : null;
}

/** Where it shipped and the buyer's VAT ID, among the order's facts. */
export function TaxFacts({ tax }: { tax: OrderTax }) {
  return (
    <>
      {tax.shipToCountry ? (
        <div>
          <dt>Ships to</dt>
          <dd>{shipsTo(tax)}</dd>
        </div>
      ) : null}
      {tax.buyerVatId ? (
        <div>
          <dt>Buyer VAT ID</dt>
          <dd>{tax.buyerVatId}</dd>
        </div>
      ) : null}
    </>
  );
}
