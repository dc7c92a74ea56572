import type { AddCartLinesResult, AddedCartLine } from '@toolworks/contract/cart';
import type { OrderLine } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { api } from './api-client';
import { useSession } from './session';
import { queryKeys } from './query-keys';

/**
 * "Order again", shared by My Orders, the order page and the payment page (the orders and
 * payment features), read back by the cart page: the cart's query key lives here for that.
 */
/** What the cart page is told after Order again: the lines that were changed or left out. */
export interface OrderAgainState {
  orderAgain: { orderNumber: string; lines: (AddedCartLine & { orderedName: string })[] };
}

export function orderAgainReport(state: unknown): OrderAgainState['orderAgain'] | null {
  const report = (state as Partial<OrderAgainState> | null)?.orderAgain;
  return report && Array.isArray(report.lines) ? report : null;
}

export function addCartLines(lines: Pick<OrderLine, 'toolId' | 'quantity'>[]) {
  return api.post<AddCartLinesResult>('/cart/lines', {
    lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
  });
}

/**
 * Puts an order's lines in the signed-in buyer's cart at today's prices (the cart prices them),
 * then opens the cart, which names the lines that could not be added as they were.
 */
export function useOrderAgain() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (order: { _id: string; number: string; items: OrderLine[] }) => ({
      order,
      result: await addCartLines(order.items),
    }),
    onSuccess: async ({ order, result }) => {
      if (user) queryClient.setQueryData(queryKeys.cart.mine(user.email), result.cart);
      const names = new Map(order.items.map((line) => [line.toolId, line.name]));
      const state: OrderAgainState = {
        orderAgain: {
          orderNumber: order.number,
          lines: result.lines.map((line) => ({
            ...line,
            orderedName: names.get(line.toolId) ?? line.name ?? 'A tool',
          })),
        },
      };
      await navigate(paths.cart, { state });
    },
  });
}
