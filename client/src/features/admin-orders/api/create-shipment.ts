import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { CreateShipmentInput } from '@toolworks/contract/shipments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { replaceOrderInLists } from './update-order-lists';
import { readyToShipKey } from './get-ready-to-ship';

/** Ships part of an order (issue 53); no `lines`: everything in stock now. */
export function createShipment(
  { id, ...shipment }: CreateShipmentInput & { id: string },
  headers?: Record<string, string>,
) {
  return api.post<AdminOrder>(
    `/order/${encodeURIComponent(id)}/shipments`,
    shipment,
    headers && { headers },
  );
}

/**
 * One Idempotency-Key per shipment until it leaves: a retry after a lost answer or a second click
 * answers the shipment that left, never a second one.
 */
export function useCreateShipment() {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: CreateShipmentInput & { id: string }) =>
      createShipment(input, key.headers()),
    onSuccess: (shipped) => {
      key.placed();
      replaceOrderInLists(queryClient, shipped);
      void queryClient.invalidateQueries({ queryKey: readyToShipKey });
    },
  });
}
