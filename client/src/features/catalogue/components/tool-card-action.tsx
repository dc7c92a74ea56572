import type { Tool } from '@toolworks/contract/tools';
import { createContext, useContext, type ReactNode } from 'react';

// Another feature's action on every tool card (the cart's "Add to cart"), given by app/ so the
// catalogue does not import it. Without a provider the cards show only Purchase.
type RenderAction = (tool: Tool) => ReactNode;

const ToolCardActionContext = createContext<RenderAction | null>(null);

export function ToolCardActionProvider({
  render,
  children,
}: {
  render: RenderAction;
  children: ReactNode;
}) {
  return <ToolCardActionContext value={render}>{children}</ToolCardActionContext>;
}

export function useToolCardAction(): RenderAction | null {
  return useContext(ToolCardActionContext);
}
