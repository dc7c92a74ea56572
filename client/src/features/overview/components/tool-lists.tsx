import type { StatsOverview } from '@toolworks/contract/stats';
import { LOW_STOCK_FACTOR } from '@toolworks/contract/stats';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';

export function BestSellers({ tools }: { tools: StatsOverview['bestSellers'] }) {
  return (
    <section className="card overview-panel" aria-labelledby="best-sellers-title">
      <div className="card-body">
        <h2 id="best-sellers-title" className="overview-panel-title">
          Best sellers
        </h2>
        <p className="overview-footnote">By units in paid orders, all time.</p>
        {tools.length === 0 ? (
          <p className="muted">No paid orders yet.</p>
        ) : (
          <ol className="overview-list">
            {tools.map((tool, index) => (
              <li key={tool.toolId}>
                <span className="overview-rank" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="overview-item-name">{tool.name}</span>
                <span className="overview-item-figure">
                  {formatCount(tool.quantity)} units · {formatPrice(tool.revenue)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

export function LowStock({ tools }: { tools: StatsOverview['lowStock'] }) {
  return (
    <section className="card overview-panel" aria-labelledby="low-stock-title">
      <div className="card-body">
        <h2 id="low-stock-title" className="overview-panel-title">
          Low on stock
        </h2>
        <p className="overview-footnote">
          Fewer than {LOW_STOCK_FACTOR} minimum orders left, scarcest first.
        </p>
        {tools.length === 0 ? (
          <p className="muted">
            Every tool has stock for at least {LOW_STOCK_FACTOR} minimum orders.
          </p>
        ) : (
          <ul className="overview-list">
            {tools.map((tool) => (
              <li key={tool._id}>
                <Link className="overview-item-name" to={paths.dashboard.editTool(tool._id)}>
                  {tool.name}
                </Link>
                <span
                  className={`overview-item-figure${tool.availableQuantity < tool.MinimumOrderQuantity ? ' overview-out' : ''}`}
                >
                  {formatCount(tool.availableQuantity)} left · minimum{' '}
                  {formatCount(tool.MinimumOrderQuantity)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
