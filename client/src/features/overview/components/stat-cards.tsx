import type { StatsOverview } from '@toolworks/contract/stats';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';

/** The shop at a glance: one card per figure, each with what it counts. */
export function StatCards({
  totals,
  overdue,
}: {
  totals: StatsOverview['totals'];
  overdue: StatsOverview['overdueInvoices'];
}) {
  const cards = [
    {
      label: 'Orders',
      value: formatCount(totals.orders),
      // Counted as Manage Orders' tabs count them; each figure opens its tab.
      note: (
        <>
          <Link to={paths.dashboard.manageOrders}>All orders</Link>:{' '}
          <Link to={`${paths.dashboard.manageOrders}?status=unpaid`}>
            {formatCount(totals.unpaid)} unpaid
          </Link>{' '}
          ·{' '}
          <Link to={`${paths.dashboard.manageOrders}?status=shipped`}>
            {formatCount(totals.shipped)} shipped
          </Link>{' '}
          ·{' '}
          <Link to={`${paths.dashboard.manageOrders}?status=delivered`}>
            {formatCount(totals.delivered)} delivered
          </Link>
        </>
      ),
    },
    { label: 'Revenue', value: formatPrice(totals.revenue), note: 'From paid orders' },
    {
      label: 'Customers',
      value: formatCount(totals.customers),
      note: 'Signed-up accounts, admins aside',
    },
    {
      label: 'To ship',
      // Orders on payment terms ship before they are paid, once confirmed.
      value: formatCount(totals.paid + totals.confirmed),
      note: (
        <>
          <Link to={`${paths.dashboard.manageOrders}?status=paid`}>
            {formatCount(totals.paid)} paid
          </Link>{' '}
          ·{' '}
          <Link to={`${paths.dashboard.manageOrders}?status=confirmed`}>
            {formatCount(totals.confirmed)} on terms
          </Link>
        </>
      ),
    },
    {
      label: 'Overdue invoices',
      value: formatCount(overdue.count),
      note: (
        <Link to={`${paths.dashboard.invoices}?state=overdue`}>
          {formatPrice(overdue.amount)} owed past due
        </Link>
      ),
    },
  ];
  return (
    <dl className="stat-cards">
      {cards.map((card) => (
        <div key={card.label} className="card stat-card">
          <dt className="stat-label">{card.label}</dt>
          <dd className="stat-value" style={{ '--chars': card.value.length } as CSSProperties}>
            {card.value}
          </dd>
          <dd className="stat-note">{card.note}</dd>
        </div>
      ))}
    </dl>
  );
}
