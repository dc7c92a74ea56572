import type { Cart } from '@toolworks/contract/cart';
import { api } from '@/lib/api-client';

export function setCartLine(toolId: string, quantity: number) {
  return api.put<Cart>(`/cart/${encodeURIComponent(toolId)}`, { quantity });
}
