import { ErrorState } from '@/components/ui/error-state';
import { useOverview } from '../api/get-overview';
import { DailyFigures } from './daily-figures';
import { StatCards } from './stat-cards';
import { BestSellers, LowStock } from './tool-lists';
import './overview.css';

/** /dashboard for admins: orders, revenue and customers, the last 30 days, and what to act on. */
export function Overview() {
  const overview = useOverview();

  return (
    <section className="overview" aria-labelledby="overview-title">
      <title>Overview · Toolworks</title>
      <header className="overview-header">
        <p className="eyebrow">Dashboard</p>
        <h1 id="overview-title">Overview</h1>
      </header>
      {overview.isPending ? (
        <p role="status" className="muted">
          Loading the figures…
        </p>
      ) : overview.isError ? (
        <ErrorState
          title="We couldn't load the figures."
          message={overview.error.message}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <div className="overview-body">
          <StatCards totals={overview.data.totals} overdue={overview.data.overdueInvoices} />
          <DailyFigures daily={overview.data.daily} />
          <div className="overview-columns">
            <BestSellers tools={overview.data.bestSellers} />
            <LowStock tools={overview.data.lowStock} />
          </div>
        </div>
      )}
    </section>
  );
}
