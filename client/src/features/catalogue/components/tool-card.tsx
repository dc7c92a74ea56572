import type { Tool } from '@toolworks/contract/tools';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Stars } from '@/components/ui/stars';
import { ToolPhoto } from '@/components/ui/tool-photo';
import { formatCount } from '@/lib/format';
import { useToolCardAction } from './tool-card-action';
import { FromPrice } from '@/components/pricing/from-price';
import { ToolPrice } from '@/components/pricing/tool-price';
import './tool-facts.css';

interface ToolCardProps {
  tool: Tool;
  /** A card in the first row: its image is fetched at once, the first one before the rest. */
  priority?: 'first' | 'row';
}

export function ToolCard({ tool, priority }: ToolCardProps) {
  const outOfStock = tool.availableQuantity === 0;
  // A backorder tool may be ordered beyond its stock: its purchase page says for when.
  const backorders = tool.allowBackorders === true;
  const soldOut = !outOfStock && !backorders && tool.availableQuantity < tool.MinimumOrderQuantity;
  const action = useToolCardAction();
  return (
    <article className="card tool-card" aria-labelledby={`tool-${tool._id}`}>
      {/* Out of the tab order: the name below is the same link, one stop per card is enough. */}
      <Link className="tool-card-media" to={paths.tool(tool._id)} tabIndex={-1}>
        <ToolPhoto
          tool={tool}
          // One column below 640 px, two to 1,024 px, then three in a grid beside the filters.
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw"
          alt={tool.name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority === 'first' ? 'high' : undefined}
          decoding="async"
          width={400}
          height={300}
        />
      </Link>
      <div className="card-body">
        <h3 className="tool-card-title" id={`tool-${tool._id}`}>
          <Link to={paths.tool(tool._id)}>{tool.name}</Link>
        </h3>
        {tool.rating ? <Stars value={tool.rating.average} count={tool.rating.count} /> : null}
        {outOfStock && !backorders ? <p className="tool-card-soldout">Sold out</p> : null}
        {outOfStock && backorders ? (
          <p className="tool-card-backorder">Available to order</p>
        ) : null}
        <ToolPrice tool={tool} className="tool-card-price" />
        <FromPrice tool={tool} />
        <ul className="tool-card-facts">
          {tool.sku ? <li className="tool-sku">SKU: {tool.sku}</li> : null}
          <li>MinimumOrderQuantity: {formatCount(tool.MinimumOrderQuantity)}</li>
          <li>Availability: {formatCount(tool.availableQuantity)}</li>
        </ul>
        <p className="tool-card-description">{tool.description}</p>
        {outOfStock && !backorders ? null : (
          <>
            <Link
              className="btn btn-dark btn-block tool-card-action"
              to={paths.purchase(tool._id)}
              aria-label={`Purchase ${tool.name}`}
            >
              Purchase
            </Link>
            {action ? action(tool) : null}
          </>
        )}
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
