import type { Tool } from '@toolworks/contract/tools';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AddToCartButton } from '@/features/cart';
import { ToolPage } from '@/features/catalogue/components/tool-page';
import { useSession } from '@/lib/session';

// Module-level, so the page does not re-render for a new function on every render.
const addToCart = (tool: Tool) => <AddToCartButton tool={tool} />;

// The quote form lives on the purchase page (signed in; a visitor signs in and comes back): the
// public page stays without the form and its schema library, which cost it its first load.
// `?quote=open` opens it there at once (it survives the sign-in detour).
const requestQuote = (tool: Tool) => (
  <>
    <Link className="btn btn-secondary" to={`${paths.purchase(tool._id)}?quote=open`}>
      Request a quote
    </Link>
    <SaveToList tool={tool} />
  </>
);

// Loaded only for a signed-in buyer: its forms bring the schema library, which a visitor's first
// load of the page does not need.
const AddToList = lazy(() =>
  import('@/features/lists/components/add-to-list').then((m) => ({ default: m.AddToList })),
);

/** Saved lists are a signed-in buyer's: visitors see no list control. */
function SaveToList({ tool }: { tool: Tool }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AddToList
        key={user.email}
        editableQuantity
        lines={[
          { toolId: tool._id, name: tool.name, quantity: Math.max(1, tool.MinimumOrderQuantity) },
        ]}
      />
    </Suspense>
  );
}

export function Component() {
  const { id = '' } = useParams();
  return <ToolPage key={id} toolId={id} buyAction={addToCart} extra={requestQuote} />;
}
