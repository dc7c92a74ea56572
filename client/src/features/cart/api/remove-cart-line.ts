import type { Cart } from '@toolworks/contract/cart';
import { api } from '@/lib/api-client';

export function removeCartLine(toolId: string) {
  return api.delete<Cart>(`/cart/${encodeURIComponent(toolId)}`);
}
