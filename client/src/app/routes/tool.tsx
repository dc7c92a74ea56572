import type { Tool } from '@toolworks/contract/tools';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { AddToCartButton } from '@/features/cart';
import { ToolPage } from '@/features/catalogue/components/tool-page';
import { useSession } from '@/lib/session';

// Only a signed-in buyer can ask for a quote, and its form brings the schema library: a
// visitor's first load of the page goes without it.
const RequestQuoteButton = lazy(() =>
  import('@/features/quotes/components/request-quote-button').then((module) => ({
    default: module.RequestQuoteButton,
  })),
);

// Module-level, so the page does not re-render for a new function on every render.
const addToCart = (tool: Tool) => <AddToCartButton tool={tool} />;

export function Component() {
  const { id = '' } = useParams();
  const { user } = useSession();
  return (
    <ToolPage
      key={id}
      toolId={id}
      buyAction={addToCart}
      extra={
        user
          ? (tool) => (
              <Suspense fallback={null}>
                <RequestQuoteButton
                  lines={[
                    { toolId: tool._id, name: tool.name, quantity: tool.MinimumOrderQuantity },
                  ]}
                />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
