import type { NexusMeterState } from '@toolworks/contract/tax-reports';
import { ErrorState } from '@/components/ui/error-state';
import { formatCount, formatPrice } from '@/lib/format';
import { useNexusMeter } from '../api/get-nexus-meter';
import { MeterBar } from './meter-bar';
import './tax-reports.css';

function StateRow({ row }: { row: NexusMeterState }) {
  return (
    <tr>
      <th scope="row">{row.state}</th>
      <td>
        <span className="meter-figure">
          {formatPrice(row.revenue)} <span className="muted">({row.revenuePercent}%)</span>
        </span>
        <MeterBar percent={row.revenuePercent} over={row.crossedRevenue} />
      </td>
      <td>
        <span className="meter-figure">
          {formatCount(row.orders)} <span className="muted">({row.ordersPercent}%)</span>
        </span>
        <MeterBar percent={row.ordersPercent} over={row.crossedOrders} />
      </td>
      <td>
        {row.crossed ? (
          <span className="tax-badge-crossed">Threshold crossed</span>
        ) : (
          <span className="muted">Below</span>
        )}
      </td>
    </tr>
  );
}

/**
 * The nexus meter (admins): per US state the shop sold to in the year (default: this one), its
 * revenue and orders against the usual economic nexus thresholds, most revenue first.
 */
export function NexusMeter({ year }: { year?: number } = {}) {
  const meter = useNexusMeter(year);

  return (
    <section className="card tax-meter" aria-labelledby="nexus-meter-title">
      <div className="card-body">
        <h2 id="nexus-meter-title">Nexus meter</h2>
        {meter.isPending ? (
          <p role="status" className="muted">
            Loading the nexus meter…
          </p>
        ) : meter.isError ? (
          <ErrorState
            title="We couldn't load the nexus meter."
            message={meter.error.message}
            onRetry={() => void meter.refetch()}
            retrying={meter.isFetching}
          />
        ) : (
          <>
            <p className="muted">
              The usual threshold is {formatPrice(meter.data.revenueThreshold)} of sales or{' '}
              {formatCount(meter.data.ordersThreshold)} orders into a state in a calendar year.
              States differ: some count revenue only, some use other amounts or the last twelve
              months. A crossed threshold is a reason to check that state&apos;s rule.
            </p>
            {meter.data.states.length === 0 ? (
              <p className="alert alert-info">No sales to US states in {meter.data.year}.</p>
            ) : (
              <div className="tax-meter-table-wrap">
                <table className="tax-meter-table">
                  <caption>
                    Sales per US state in {meter.data.year} against{' '}
                    {formatPrice(meter.data.revenueThreshold)} and{' '}
                    {formatCount(meter.data.ordersThreshold)} orders
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">State</th>
                      <th scope="col">Revenue</th>
                      <th scope="col">Orders</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {meter.data.states.map((row) => (
                      <StateRow key={row.state} row={row} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
