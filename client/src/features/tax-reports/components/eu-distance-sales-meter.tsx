import type { EuDistanceSales } from '@toolworks/contract/tax-reports';
import { ErrorState } from '@/components/ui/error-state';
import { formatPrice } from '@/lib/format';
import { useEuDistanceSales } from '../api/get-eu-distance-sales';
import { MeterBar } from './meter-bar';
import './tax-reports.css';

/** `EUR 10,600.00`: the shop's currency code, then the amount as prices are written. */
const amount = (currency: string, value: number) =>
  `${currency} ${formatPrice(value).replace('$', '')}`;

/** Which rate a sale to a consumer in another EU country takes now, and why. */
function whichRate(meter: EuDistanceSales): string {
  const threshold = amount(meter.currency, meter.threshold);
  if (meter.overLastYear)
    return `Sales in ${meter.year - 1} were above ${threshold}: every sale to a consumer in another EU country in ${meter.year} is taxed at that country's VAT rate (OSS).`;
  if (meter.overThisYear)
    return `Sales in ${meter.year} passed ${threshold}: from the sale that crossed it, sales to consumers in other EU countries are taxed at their country's VAT rate (OSS), for the rest of ${meter.year} and all of ${meter.year + 1}.`;
  return `Sales in ${meter.year} are at or below ${threshold}: sales to consumers in other EU countries are taxed at your own country's VAT rate.`;
}

/**
 * The EU distance sales meter (admins): the year's sales to consumers in other EU countries
 * against EUR 10,000, and the rate that applies because of it, as the checkout decides it.
 */
export function EuDistanceSalesMeter({ year }: { year?: number } = {}) {
  const meter = useEuDistanceSales(year);

  return (
    <section className="card tax-meter" aria-labelledby="eu-distance-title">
      <div className="card-body">
        <h2 id="eu-distance-title">EU distance sales</h2>
        {meter.isPending ? (
          <p role="status" className="muted">
            Loading the EU distance sales…
          </p>
        ) : meter.isError ? (
          <ErrorState
            title="We couldn't load the EU distance sales."
            message={meter.error.message}
            onRetry={() => void meter.refetch()}
            retrying={meter.isFetching}
          />
        ) : (
          <>
            <p className="meter-figure">
              {amount(meter.data.currency, meter.data.thisYear)} of{' '}
              {amount(meter.data.currency, meter.data.threshold)} in {meter.data.year}{' '}
              <span className="muted">({meter.data.percent}%)</span>
            </p>
            <MeterBar percent={meter.data.percent} over={meter.data.overThisYear} />
            <p className="muted">
              {meter.data.year - 1}: {amount(meter.data.currency, meter.data.lastYear)}
            </p>
            <p className={meter.data.over ? 'alert alert-info tax-meter-rate' : 'tax-meter-rate'}>
              {meter.data.over ? (
                <span className="tax-badge-crossed">Threshold crossed</span>
              ) : null}{' '}
              {whichRate(meter.data)}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
