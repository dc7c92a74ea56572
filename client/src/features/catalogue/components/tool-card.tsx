import type { Tool } from '@contract/tools';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';
import { FromPrice } from '@/components/pricing/from-price';

export function ToolCard({ tool }: { tool: Tool }) {
  const soldOut = tool.availableQuantity < tool.MinimumOrderQuantity;
  return (
    <article className="card tool-card" aria-labelledby={`tool-${tool._id}`}>
      <div className="tool-card-media">
        <img
          src={tool.img}
          alt={tool.name}
          loading="lazy"
          decoding="async"
          width={400}
          height={300}
        />
      </div>
      <div className="card-body">
        <h3 className="tool-card-title" id={`tool-${tool._id}`}>
          {tool.name}
        </h3>
        <p className="tool-card-price">Price: {formatPrice(tool.price)}</p>
        <FromPrice tool={tool} />
        <ul className="tool-card-facts">
          <li>MinimumOrderQuantity: {formatCount(tool.MinimumOrderQuantity)}</li>
          <li>Availability: {formatCount(tool.availableQuantity)}</li>
        </ul>
        <p className="tool-card-description">{tool.description}</p>
        <Link
          className="btn btn-dark btn-block tool-card-action"
          to={paths.purchase(tool._id)}
          aria-label={`Purchase ${tool.name}`}
        >
          Purchase
        </Link>
        {soldOut ? (
          <p className="tool-card-note">Not enough stock for a minimum order right now.</p>
        ) : null}
      </div>
    </article>
  );
}

export function ToolCardSkeleton() {
  return (
    <div className="card tool-card" aria-hidden="true">
      <div className="tool-card-media skeleton" />
      <div className="card-body">
        <div className="skeleton skeleton-line skeleton-title" />
        <div className="skeleton skeleton-line skeleton-short" />
        <div className="skeleton skeleton-line skeleton-medium" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-button" />
      </div>
    </div>
  );
}
