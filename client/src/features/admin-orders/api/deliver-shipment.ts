import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceOrderInLists } from './update-order-lists';

export function deliverShipment({ id, shipmentId }: { id: string; shipmentId: string }) {
  return api.patch<AdminOrder>(
    `/order/${encodeURIComponent(id)}/shipments/${encodeURIComponent(shipmentId)}/deliver`,
  );
}

export function useDeliverShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverShipment,
    onSuccess: (delivered) => replaceOrderInLists(queryClient, delivered),
  });
}
