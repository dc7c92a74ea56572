import type { MyBuying } from '@toolworks/contract/companies';
import type { TaxSummary } from '@toolworks/contract/tax';
import { Link } from 'react-router-dom';
import { TaxTotals } from '@/components/tax/tax-totals';
import { paths } from '@/config/paths';
import { backorderSplit } from '@/lib/availability';
import { formatCount, formatPrice, formatPriceFor } from '@/lib/format';
import type { CartView } from '../use-cart';
import { BuyingLimits } from './buying-limits';

interface CheckoutSummaryProps {
  lines: CartView['lines'];
  goodsTotal: number;
  tax: {
    summary: TaxSummary | undefined;
    loading: boolean;
    error: Error | null;
    retry: () => void;
  };
  buying?: MyBuying | undefined;
}

/** The order's lines, their tax where it ships and what the buyer pays. */
export function CheckoutSummary({ lines, goodsTotal, tax, buying }: CheckoutSummaryProps) {
  return (
    <aside className="card cart-summary" aria-labelledby="checkout-lines-title">
      <div className="card-body">
        <h2 id="checkout-lines-title" className="checkout-section-title">
          Your order
        </h2>
        <ul className="checkout-lines">
          {lines.map((line) => (
            <li key={line.toolId}>
              <span>
                {formatCount(line.quantity)} × {line.name}
                {line.packSize || line.priceBasis ? (
                  <span className="muted"> at {formatPriceFor(line.unitPrice, line)}</span>
                ) : null}
              </span>
              <span>{formatPrice(line.lineTotal)}</span>
              {backorderSplit(line, line.quantity) ? (
                <span className="checkout-line-shipping">
                  {backorderSplit(line, line.quantity)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <TaxTotals
          goodsTotal={goodsTotal}
          summary={tax.summary}
          loading={tax.loading}
          error={tax.error}
          onRetry={tax.retry}
        />
        <Link to={paths.cart}>Change the cart</Link>
        {buying ? <BuyingLimits buying={buying} /> : null}
      </div>
    </aside>
  );
}
