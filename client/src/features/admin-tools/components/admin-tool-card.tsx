import type { Tool } from '@toolworks/contract/tools';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';

interface AdminToolCardProps {
  tool: Tool;
  onDelete: (tool: Tool) => void;
}

/** A catalogue card with the admin's UPDATE (opens the edit form) and DELETE (asks first). */
export function AdminToolCard({ tool, onDelete }: AdminToolCardProps) {
  const titleId = `admin-tool-${tool._id}`;
  const low = tool.availableQuantity < tool.MinimumOrderQuantity * 2;
  return (
    <article className="card admin-tool-card" aria-labelledby={titleId}>
      <div className="admin-tool-media">
        <img src={tool.img} alt="" loading="lazy" decoding="async" width={400} height={300} />
      </div>
      <div className="card-body">
        <h2 className="admin-tool-title" id={titleId}>
          {tool.name}
        </h2>
        <p className="admin-tool-price">Price: {formatPrice(tool.price)}</p>
        <ul className="admin-tool-facts">
          <li>MinimumOrderQuantity: {formatCount(tool.MinimumOrderQuantity)}</li>
          <li>
            Availability: {formatCount(tool.availableQuantity)}
            {low ? <span className="badge badge-warn">Low stock</span> : null}
          </li>
        </ul>
        <p className="admin-tool-description">{tool.description}</p>
        <div className="admin-tool-actions">
          <Link
            className="btn btn-dark btn-sm"
            to={paths.dashboard.editTool(tool._id)}
            aria-label={`Update ${tool.name}`}
          >
            UPDATE
          </Link>
          <button
            type="button"
            className="btn btn-danger-outline btn-sm"
            aria-label={`Delete ${tool.name}`}
            onClick={() => onDelete(tool)}
          >
            DELETE
          </button>
        </div>
      </div>
    </article>
  );
}
