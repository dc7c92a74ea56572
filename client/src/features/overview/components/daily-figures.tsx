import type { StatsOverview } from '@toolworks/contract/stats';
import { lazy, Suspense } from 'react';
import { formatCount, formatPrice } from '@/lib/format';
import { formatDay, formatLongDay } from './format-day';

const RevenueChart = lazy(() => import('./revenue-chart'));

type Daily = StatsOverview['daily'];

function summary(daily: Daily): string {
  const orders = daily.reduce((sum, d) => sum + d.orders, 0);
  const revenue = daily.reduce((sum, d) => sum + d.revenue, 0);
  if (orders === 0) return `No orders in the last ${daily.length} days.`;
  const busiest = daily.reduce((best, d) => (d.orders > best.orders ? d : best));
  return (
    `${formatCount(orders)} ${orders === 1 ? 'order' : 'orders'} and ${formatPrice(revenue)} paid ` +
    `in the last ${daily.length} days; the busiest day was ${formatLongDay(busiest.date)} ` +
    `with ${formatCount(busiest.orders)} ${busiest.orders === 1 ? 'order' : 'orders'}.`
  );
}

/** The chart for the eye, the same figures as a table for screen readers, a summary for both. */
export function DailyFigures({ daily }: { daily: Daily }) {
  return (
    <figure className="card overview-panel overview-chart" aria-labelledby="daily-title">
      <div className="card-body">
        <h2 id="daily-title" className="overview-panel-title">
          Revenue and orders per day
        </h2>
        <p className="muted overview-chart-summary">{summary(daily)}</p>
        <Suspense fallback={<div className="revenue-chart skeleton" aria-hidden="true" />}>
          <RevenueChart daily={daily} />
        </Suspense>
        {/* Wrapped: a table ignores the 1px width, and would widen the page on phones. */}
        <div className="visually-hidden">
          <table>
            <caption>Orders and paid revenue per day, oldest first (UTC days)</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Orders</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{formatDay(d.date)}</th>
                  <td>{formatCount(d.orders)}</td>
                  <td>{formatPrice(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <figcaption className="overview-footnote">
          Days in UTC. Revenue counts the day&apos;s orders that have been paid.
        </figcaption>
      </div>
    </figure>
  );
}
