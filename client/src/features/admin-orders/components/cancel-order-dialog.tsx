import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface CancelOrderDialogProps {
  order: AdminOrder | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Cancelling an unpaid order: its stock goes back to the catalogue. */
export function CancelOrderDialog({ order, busy, onConfirm, onCancel }: CancelOrderDialogProps) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Yes, cancel it"
      cancelLabel="No, keep it"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {order ? (
        <p>
          Order {order.number} of {order.userName} ({order.userEmail}) is unpaid. Cancelling it
          returns its stock to the catalogue.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
