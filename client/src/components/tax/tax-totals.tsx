import type { TaxSummary } from '@toolworks/contract/tax';
import { Fragment } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { formatPrice } from '@/lib/format';
import { includedTaxNote, taxRowLabel } from '@/lib/tax';
import './tax.css';

type TaxShown = Pick<TaxSummary, 'shipToCountry' | 'pricesIncludeTax' | 'breakdown' | 'tax'>;

/** The tax per category and rate, its sum: added to net prices, or the part prices include. */
export function TaxBreakdown({ tax }: { tax: TaxShown }) {
  if (tax.pricesIncludeTax) {
    const note = includedTaxNote(tax.breakdown, formatPrice);
    return note ? <p className="muted tax-included">{note}</p> : null;
  }
  return (
    <>
      {tax.breakdown.map((row) => (
        <Fragment key={`${row.category} ${row.ratePercent}`}>
          <dt>
            {taxRowLabel(row, tax)} <span className="muted">on {formatPrice(row.taxable)}</span>
          </dt>
          <dd>{formatPrice(row.tax)}</dd>
        </Fragment>
      ))}
      <dt className="tax-sum">Tax</dt>
      <dd className="tax-sum">{formatPrice(tax.tax)}</dd>
    </>
  );
}

interface TaxTotalsProps {
  /** The lines' sum as priced (net, or including the tax in a one-rate shop). */
  goodsTotal: number;
  summary: TaxSummary | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}

/** What the order costs where it ships, before it is placed; read out when it changes. */
export function TaxTotals({ goodsTotal, summary, loading, error, onRetry }: TaxTotalsProps) {
  const known = summary && !loading && !error;
  return (
    <>
      <div className="tax-totals" role="status" aria-live="polite" aria-busy={loading}>
        <dl>
          {!known || !summary.pricesIncludeTax ? (
            <>
              <dt>Subtotal</dt>
              <dd>{formatPrice(goodsTotal)}</dd>
            </>
          ) : null}
          {known && !summary.pricesIncludeTax ? <TaxBreakdown tax={summary} /> : null}
          {known ? (
            <>
              <dt className="tax-total">Total to pay</dt>
              <dd className="tax-total">{formatPrice(summary.total)}</dd>
            </>
          ) : null}
        </dl>
        {known && summary.pricesIncludeTax ? <TaxBreakdown tax={summary} /> : null}
        {loading ? <p className="muted">Working out the tax…</p> : null}
      </div>
      {error && !loading ? (
        <ErrorState
          title="We couldn't work out the tax."
          message={error.message}
          onRetry={onRetry}
        />
      ) : null}
    </>
  );
}
