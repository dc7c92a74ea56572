import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface DeliverOrderDialogProps {
  order: AdminOrder | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Marking a shipped order delivered: the buyer sees it as delivered today. */
export function DeliverOrderDialog({ order, busy, onConfirm, onCancel }: DeliverOrderDialogProps) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Mark this order delivered?"
      confirmLabel="Mark delivered"
      cancelLabel="Not yet"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {order ? (
        <p>
          Order {order.number} of {order.userName} reached {order.userAddress}. The buyer sees it as
          delivered today.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
