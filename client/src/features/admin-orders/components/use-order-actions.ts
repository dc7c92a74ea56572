import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { ShipOrderInput } from '@toolworks/contract/fulfilment';
import { useState } from 'react';
import type { ToastTone } from '@/components/ui/toast';
import { useAdminCancelOrder } from '../api/cancel-order';
import { useDeliverOrder } from '../api/deliver-order';
import { useRefundOrder } from '../api/refund-order';
import { useShipOrder } from '../api/ship-order';
import { useCreateShipment } from '../api/create-shipment';
import { useDeliverShipment } from '../api/deliver-shipment';
import { shipCellId } from './shipping-cell';

type Show = (text: string, tone?: ToastTone) => void;

/**
 * Manage Orders' four row actions (cancel, ship, deliver, refund): which order each dialog is
 * open for, its call, and what the admin is told after. Each dialog gets its slice.
 */
export function useOrderActions(show: Show) {
  const wholeShip = useShipOrder();
  const partShip = useCreateShipment();
  const deliverPart = useDeliverShipment();
  const deliver = useDeliverOrder();
  const refund = useRefundOrder();
  const cancel = useAdminCancelOrder();
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const [shipping, setShipping] = useState<AdminOrder | null>(null);
  // An order shipping in parts (issue 53) ships what is in stock now; any other, all of it.
  const ship = shipping?.toShip ? partShip : wholeShip;
  const [delivering, setDelivering] = useState<AdminOrder | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);

  // The step's button is replaced by its outcome: keep the keyboard user on that row.
  const focusRow = (id: string) =>
    requestAnimationFrame(() => document.getElementById(shipCellId(id))?.focus());

  return {
    cancel: {
      order: cancelling,
      busy: cancel.isPending,
      open: setCancelling,
      close: () => setCancelling(null),
      confirm: () => {
        if (!cancelling) return;
        const order = cancelling;
        cancel.mutate(order._id, {
          onSuccess: () => {
            setCancelling(null);
            show(`Order ${order.number} for ${order.userName} is cancelled; its stock is back`);
          },
          onError: (error) => {
            setCancelling(null);
            show(error.message, 'error');
          },
        });
      },
    },
    ship: {
      order: shipping,
      busy: ship.isPending,
      error: ship.error?.message,
      open: (order: AdminOrder) => {
        wholeShip.reset();
        partShip.reset();
        setShipping(order);
      },
      close: () => setShipping(null),
      // Settles with the request, so the dialog takes no second submit while it is on its way.
      // A refusal stays in `ship.error`, shown in the dialog.
      confirm: async (shipment: ShipOrderInput) => {
        if (!shipping) return;
        const shipped = await (shipping.toShip ? partShip : wholeShip)
          .mutateAsync({ id: shipping._id, ...shipment })
          .catch(() => undefined);
        if (!shipped) return;
        setShipping(null);
        show(
          shipped.status === 'partly_shipped'
            ? `Part of order ${shipped.number} for ${shipped.userName} is shipped`
            : `${shipped.name} for ${shipped.userName} is marked shipped`,
        );
        focusRow(shipped._id);
      },
    },
    deliverShipment: {
      busyId: deliverPart.isPending ? deliverPart.variables.shipmentId : undefined,
      run: (order: AdminOrder, shipment: { _id: string }) => {
        const n = (order.shipments ?? []).findIndex((s) => s._id === shipment._id) + 1;
        deliverPart.mutate(
          { id: order._id, shipmentId: shipment._id },
          {
            onSuccess: (delivered) =>
              show(`Shipment ${n} of order ${delivered.number} is marked delivered`),
            onError: (error) => show(error.message, 'error'),
          },
        );
      },
    },
    deliver: {
      order: delivering,
      busy: deliver.isPending,
      open: setDelivering,
      close: () => setDelivering(null),
      confirm: () => {
        if (!delivering) return;
        deliver.mutate(delivering._id, {
          onSuccess: (delivered) => {
            setDelivering(null);
            show(`Order ${delivered.number} for ${delivered.userName} is marked delivered`);
            focusRow(delivered._id);
          },
          onError: (error) => {
            setDelivering(null);
            show(error.message, 'error');
          },
        });
      },
    },
    refund: {
      order: refunding,
      busy: refund.isPending,
      error: refund.error?.message,
      open: (order: AdminOrder) => {
        refund.reset();
        setRefunding(order);
      },
      close: () => setRefunding(null),
      // As shipping: settles with the request; a refusal stays in `refund.error`.
      confirm: async (reason: string | undefined) => {
        if (!refunding) return;
        const refunded = await refund
          .mutateAsync({ id: refunding._id, ...(reason && { reason }) })
          .catch(() => undefined);
        if (!refunded) return;
        setRefunding(null);
        show(`Order ${refunded.number} for ${refunded.userName} is refunded`);
      },
    },
  };
}
