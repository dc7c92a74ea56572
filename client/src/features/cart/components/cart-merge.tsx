import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useSession } from '@/lib/session';
import { localCart, useLocalCart } from '../local-cart';
import { mergeIntoServerCart } from '../merge-carts';
import { queryKeys } from '@/lib/query-keys';

/**
 * Rendered once in the shell: when someone signs in with a cart filled as a visitor, its lines
 * move into the account's cart and the browser's copy is cleared. Lines the server refuses are
 * named in a message that stays until dismissed.
 */
export function CartMerge() {
  const session = useSession();
  const lines = useLocalCart();
  const queryClient = useQueryClient();
  const running = useRef(false);
  const { toast, show, dismiss } = useToast();
  const email = session.status === 'signed-in' ? session.user?.email : undefined;

  useEffect(() => {
    if (!email || lines.length === 0 || running.current) return;
    running.current = true;
    mergeIntoServerCart(lines)
      .then(({ merged, dropped }) => {
        const done = new Set([...merged, ...dropped.map((line) => line.toolId)]);
        for (const toolId of done) localCart.remove(toolId);
        if (dropped.length > 0) {
          const named = dropped.map((line) => `${line.name} (${line.reason})`).join('; ');
          show(`Some tools in your cart could not be kept: ${named}`, 'error');
        }
      })
      .catch(() => {
        // The server could not be reached: the lines stay in the browser for the next sign-in.
      })
      .finally(() => {
        running.current = false;
        void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      });
  }, [email, lines, queryClient, show]);

  // Mounted only with a message: the shell's pages have their own live regions, and an empty
  // extra alert region in every page would only confuse "the alert" for assistive tech.
  return toast ? <ToastRegion toast={toast} onDismiss={dismiss} /> : null;
}
