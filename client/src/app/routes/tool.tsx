import type { Tool } from '@toolworks/contract/tools';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AddToCartButton } from '@/features/cart';
import { ToolPage } from '@/features/catalogue/components/tool-page';

// Module-level, so the page does not re-render for a new function on every render.
const addToCart = (tool: Tool) => <AddToCartButton tool={tool} />;

// The quote form lives on the purchase page (signed in; a visitor signs in and comes back): the
// public page stays without the form and its schema library, which cost it its first load.
// `?quote=open` opens it there at once (it survives the sign-in detour).
const requestQuote = (tool: Tool) => (
  <Link className="btn btn-secondary" to={`${paths.purchase(tool._id)}?quote=open`}>
    Request a quote
  </Link>
);

export function Component() {
  const { id = '' } = useParams();
  return <ToolPage key={id} toolId={id} buyAction={addToCart} extra={requestQuote} />;
}
