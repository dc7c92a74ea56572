import type { Tool } from '@toolworks/contract/tools';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useTool } from '@/lib/get-tool';
import { PurchaseForm, type Buyer, type RenderCartAction } from './purchase-form';
import { ToolDetails } from './tool-details';
import './purchase.css';

interface PurchasePageProps {
  toolId: string;
  buyer: Buyer;
  renderCartAction?: RenderCartAction;
  /** More actions under the form, composed by the app (Request a quote). */
  extra?: (tool: Tool) => ReactNode;
}

export function PurchasePage({ toolId, buyer, renderCartAction, extra }: PurchasePageProps) {
  const tool = useTool(toolId);
  // The form is the heaviest render of the page: it runs deferred (interruptible, in slices)
  // when the tool arrives rather than in one long task. A deferred value still showing the
  // previous tool (after a move to another purchase page) is never shown.
  const deferred = useDeferredValue(tool.data);
  const data = deferred && deferred._id === tool.data?._id ? deferred : undefined;

  if (tool.isError) {
    const missing = tool.error instanceof ApiError && [400, 404].includes(tool.error.status);
    return (
      <section className="container section stack">
        <title>Purchase · Toolworks</title>
        <h1>Purchase</h1>
        {missing ? (
          <div className="alert alert-info">
            <p className="alert-title">We couldn't find this tool.</p>
            <p>It may have been removed from the catalogue.</p>
            <Link className="btn btn-secondary btn-sm" to={paths.home}>
              Back to the catalogue
            </Link>
          </div>
        ) : (
          <ErrorState
            title="We couldn't load this tool."
            message={tool.error.message}
            onRetry={() => void tool.refetch()}
            retrying={tool.isFetching}
          />
        )}
      </section>
    );
  }

  if (!data) return <PageLoader />;

  return (
    <section className="container section">
      <title>{`Purchase ${data.name} · Toolworks`}</title>
      <div className="purchase-layout">
        <ToolDetails tool={data} />
        {/* Keyed by tool so the quantity starts again at this tool's minimum. */}
        <div className="purchase-aside">
          <PurchaseForm
            key={data._id}
            tool={data}
            buyer={buyer}
            renderCartAction={renderCartAction}
          />
          {extra?.(data)}
        </div>
      </div>
    </section>
  );
}
