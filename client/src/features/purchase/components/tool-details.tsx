import type { Tool } from '@toolworks/contract/tools';
import { availabilityText, orderableQuantity } from '@/lib/availability';
import { formatCount, formatPriceFor } from '@/lib/format';
import { ToolPhoto } from '@/components/ui/tool-photo';

export function ToolDetails({ tool }: { tool: Tool }) {
  const soldOut = orderableQuantity(tool) < tool.MinimumOrderQuantity;
  const promise = availabilityText(tool);
  return (
    <article className="card purchase-tool" aria-labelledby="purchase-tool-name">
      <div className="purchase-tool-media">
        <ToolPhoto
          tool={tool}
          sizes="(min-width: 800px) 40vw, 100vw"
          alt={tool.name}
          width={640}
          height={480}
          decoding="async"
        />
      </div>
      <div className="card-body">
        <p className="eyebrow">Purchase</p>
        <h1 id="purchase-tool-name" className="purchase-tool-name">
          {tool.name}
        </h1>
        <p className="purchase-tool-description">{tool.description}</p>
        <dl className="purchase-facts">
          <div>
            <dt>Price per unit</dt>
            <dd>{formatPriceFor(tool.price, tool)}</dd>
          </div>
          <div>
            <dt>Minimum order quantity</dt>
            <dd>{formatCount(tool.MinimumOrderQuantity)}</dd>
          </div>
          <div>
            <dt>Availability</dt>
            <dd>{formatCount(tool.availableQuantity)}</dd>
          </div>
          {promise ? (
            <div>
              <dt>Available to promise</dt>
              <dd>{promise}</dd>
            </div>
          ) : null}
        </dl>
        {soldOut ? (
          <p className="alert alert-info">
            Not enough stock for a minimum order right now. Please check back soon.
          </p>
        ) : null}
      </div>
    </article>
  );
}
