import type { Tool } from '@toolworks/contract/tools';
import type { ReactNode } from 'react';
import { AddToCartButton } from '@/features/cart';
import { ToolCardActionProvider } from '@/features/catalogue/components/tool-card-action';

// Module-level, so the cards do not re-render for a new function on every render of a page.
const addToCart = (tool: Tool) => <AddToCartButton tool={tool} />;

/** Add to cart under Purchase on every tool card inside: home's tools and /tools alike. */
export function CartOnCards({ children }: { children: ReactNode }) {
  return <ToolCardActionProvider render={addToCart}>{children}</ToolCardActionProvider>;
}
