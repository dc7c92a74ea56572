import type { Tool } from '@toolworks/contract/tools';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { VolumePrices } from '@/components/pricing/volume-prices';
import { PackNotice, ToolPrice } from '@/components/pricing/tool-price';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { availabilityText, orderableQuantity } from '@/lib/availability';
import { formatCount } from '@/lib/format';
import { useCategories } from '../api/get-categories';
import { useTool } from '@/lib/get-tool';
import { ToolGallery } from './tool-gallery';
import { ToolPageFrame } from './tool-page-frame';
import { ToolReviews } from './tool-reviews';
import './tool-facts.css';
import './tool-page.css';

/**
 * /tool/{id}: everything about one tool, for anyone, signed in or not. Other features' actions
 * come from app/ (the catalogue does not import them): `buyAction` beside Purchase while the tool
 * is in stock (the cart's Add to cart), `extra` below it in any case (Request a quote: a quote
 * may ask for more than the stock).
 */
export function ToolPage({
  toolId,
  buyAction,
  extra,
}: {
  toolId: string;
  buyAction?: (tool: Tool) => ReactNode;
  extra?: (tool: Tool) => ReactNode;
}) {
  const tool = useTool(toolId);
  const categories = useCategories();

  if (tool.isPending) return <PageLoader />;
  if (tool.isError) {
    // A malformed id (400) or an unknown one (404); anything else may pass, so it offers a retry.
    const missing = tool.error instanceof ApiError && [400, 404].includes(tool.error.status);
    return (
      <div className="container section">
        <title>{`${missing ? 'Tool not found' : 'Tool'} · Toolworks`}</title>
        {missing ? (
          <>
            <h1>Tool not found</h1>
            <p className="lead">This tool is no longer in the catalogue.</p>
            <Link className="btn btn-primary" to={paths.tools}>
              Browse all tools
            </Link>
          </>
        ) : (
          <>
            <h1 className="visually-hidden">Tool</h1>
            <ErrorState
              title="We couldn't load this tool."
              message={tool.error.message}
              onRetry={() => void tool.refetch()}
              retrying={tool.isFetching}
            />
          </>
        )}
      </div>
    );
  }

  const t = tool.data;
  const outOfStock = t.availableQuantity === 0;
  // With backorders a tool out of stock may still be ordered, for the promised dates.
  const orderable = orderableQuantity(t) >= t.MinimumOrderQuantity;
  const promise = availabilityText(t);
  const category = categories.data?.find((c) => c.slug === t.category);
  return (
    <ToolPageFrame
      tool={t}
      category={category}
      media={t.images.length > 1 ? <ToolGallery tool={t} /> : undefined}
      after={
        <>
          {t.specs.length > 0 ? (
            <section aria-labelledby="specs-title" className="tool-specs">
              <h2 id="specs-title">Key specifications</h2>
              <table>
                <tbody>
                  {t.specs.map((spec, i) => (
                    <tr key={`${spec.name}-${i}`}>
                      <th scope="row">{spec.name}</th>
                      <td>{spec.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          <ToolReviews toolId={t._id} />
        </>
      }
    >
      {t.sku ? <p className="tool-sku">SKU: {t.sku}</p> : null}
      <Stars value={t.rating.average} count={t.rating.count} />
      <ToolPrice tool={t} className="tool-page-price" />
      <PackNotice tool={t} />
      <ul className="tool-card-facts">
        <li>MinimumOrderQuantity: {formatCount(t.MinimumOrderQuantity)}</li>
        <li>
          {!outOfStock ? (
            <>Availability: {formatCount(t.availableQuantity)}</>
          ) : orderable ? (
            <strong className="catalogue-badge">Available to order</strong>
          ) : (
            <strong className="catalogue-badge catalogue-badge-soldout">Out of stock</strong>
          )}
        </li>
      </ul>
      {promise ? (
        <p className="tool-page-promise">
          <strong>Available to promise:</strong> {promise}
        </p>
      ) : null}
      <VolumePrices tool={t} />
      <p className="tool-page-description">{t.description}</p>
      {outOfStock && !orderable ? null : (
        <div className="tool-page-buy">
          <Link className="btn btn-dark" to={paths.purchase(t._id)}>
            Purchase
          </Link>
          {buyAction?.(t)}
        </div>
      )}
      {extra?.(t)}
      {t.datasheetUrl ? (
        <p>
          <a href={t.datasheetUrl} target="_blank" rel="noopener noreferrer">
            Datasheet (PDF)<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </ToolPageFrame>
  );
}
