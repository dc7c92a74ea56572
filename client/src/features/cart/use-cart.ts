import type { Cart, CartLine } from '@toolworks/contract/cart';
import type { Tool } from '@toolworks/contract/tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { useServerCart } from './api/get-cart';
import { removeCartLine } from './api/remove-cart-line';
import { setCartLine } from './api/set-cart-line';
import { lineTotal, localCart, unitPriceAt, useLocalCart, type LocalCartLine } from './local-cart';
import { queryKeys } from '@/lib/query-keys';

export type CartTool = Pick<
  Tool,
  '_id' | 'name' | 'price' | 'MinimumOrderQuantity' | 'availableQuantity'
> &
  Partial<
    Pick<
      Tool,
      'priceTiers' | 'sku' | 'contractPrice' | 'unit' | 'packSize' | 'orderMultiple' | 'priceBasis'
    >
  >;

export interface CartView {
  /** 'loading' until the session and (when signed in) the server's cart are known. */
  state: 'loading' | 'error' | 'ready';
  signedIn: boolean;
  lines: CartLine[];
  total: number;
  error: Error | null;
  refetch: () => void;
}

const sumTotal = (lines: CartLine[]) =>
  lines.reduce((cents, line) => cents + Math.round(line.lineTotal * 100), 0) / 100;

/** One cart for everyone: the browser's for a visitor, the server's once signed in. */
export function useCart(): CartView {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user?.email : undefined;
  const local = useLocalCart();
  const server = useServerCart(email);

  if (session.status === 'loading') {
    return {
      state: 'loading',
      signedIn: false,
      lines: [],
      total: 0,
      error: null,
      refetch: () => {},
    };
  }
  if (!email) {
    return {
      state: 'ready',
      signedIn: false,
      lines: local,
      total: sumTotal(local),
      error: null,
      refetch: () => {},
    };
  }
  const refetch = () => void server.refetch();
  if (server.isPending) {
    return { state: 'loading', signedIn: true, lines: [], total: 0, error: null, refetch };
  }
  if (server.isError) {
    return { state: 'error', signedIn: true, lines: [], total: 0, error: server.error, refetch };
  }
  return {
    state: 'ready',
    signedIn: true,
    lines: server.data.items,
    total: server.data.total,
    error: null,
    refetch,
  };
}

interface LineChange {
  tool: CartTool;
  quantity: number;
}

/** Set or remove a line in whichever cart the buyer has; errors carry the server's message. */
export function useCartActions() {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user?.email : undefined;
  const queryClient = useQueryClient();
  const onServerAnswer = (cart: Cart | undefined) => {
    if (email && cart) queryClient.setQueryData(queryKeys.cart.mine(email), cart);
  };
  const onSettled = () => {
    if (email) void queryClient.invalidateQueries({ queryKey: queryKeys.cart.mine(email) });
  };

  const setLine = useMutation({
    mutationFn: async ({ tool, quantity }: LineChange): Promise<Cart | undefined> => {
      if (email) return setCartLine(tool._id, quantity);
      localCart.set({
        toolId: tool._id,
        name: tool.name,
        ...(tool.sku !== undefined && { sku: tool.sku }),
        unitPrice: tool.price,
        basePrice: tool.price,
        priceTiers: tool.priceTiers ?? [],
        quantity,
        MinimumOrderQuantity: tool.MinimumOrderQuantity,
        availableQuantity: tool.availableQuantity,
        ...packOf(tool),
      });
      return undefined;
    },
    onSuccess: onServerAnswer,
    onSettled,
  });

  const removeLine = useMutation({
    mutationFn: async (toolId: string): Promise<Cart | undefined> => {
      if (email) return removeCartLine(toolId);
      localCart.remove(toolId);
      return undefined;
    },
    onSuccess: onServerAnswer,
    onSettled,
  });

  return { setLine, removeLine };
}

/** What a line keeps of its tool's packs (issue 50), each only when it is not 1 (a piece). */
export function packOf(tool: Pick<CartTool, 'unit' | 'packSize' | 'orderMultiple' | 'priceBasis'>) {
  const { packSize = 1, orderMultiple = 1, priceBasis = 1, unit } = tool;
  return {
    ...(unit !== undefined && unit !== 'C62' && { unit }),
    ...(packSize > 1 && { packSize }),
    ...(orderMultiple > 1 && { orderMultiple }),
    ...(priceBasis > 1 && { priceBasis }),
  };
}

/** A cart line's tool, as the quantity rules (and a visitor's tier prices) need it. */
export const lineTool = (line: LocalCartLine): CartTool => ({
  ...packOf(line),
  _id: line.toolId,
  name: line.name,
  ...(line.sku !== undefined && { sku: line.sku }),
  price: line.basePrice ?? line.unitPrice,
  ...(line.priceTiers && { priceTiers: line.priceTiers }),
  MinimumOrderQuantity: line.MinimumOrderQuantity,
  availableQuantity: line.availableQuantity,
});

export { lineTotal, unitPriceAt };
