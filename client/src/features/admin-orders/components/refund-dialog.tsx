import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { refundReasonSchema } from '@toolworks/contract/fulfilment';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { formatPrice } from '@/lib/format';
import { FormDialog } from '@/components/ui/form-dialog';

const RefundFormSchema = z.object({ reason: refundReasonSchema });
type RefundForm = z.input<typeof RefundFormSchema>;

interface RefundDialogProps {
  order: AdminOrder | null;
  busy: boolean;
  error?: string;
  /** Settles when the request has: the dialog takes no second submit before. */
  onRefund: (reason: string | undefined) => Promise<void>;
  onCancel: () => void;
}

/** Refund / cancel a paid order: what happens to the money and the stock, an optional reason. */
export function RefundDialog({ order, busy, error, onRefund, onCancel }: RefundDialogProps) {
  const form = useForm<RefundForm, unknown, z.output<typeof RefundFormSchema>>({
    resolver: zodResolver(RefundFormSchema),
    defaultValues: { reason: '' },
  });
  useEffect(() => form.reset({ reason: '' }), [order?._id, form]);
  const submit = form.handleSubmit(({ reason }) => onRefund(reason || undefined));
  const shipped = order?.shipped ?? false;

  return (
    <FormDialog
      open={order !== null}
      title={`Refund order ${order?.number ?? ''}?`}
      description={
        order ? (
          <>
            <p>
              {formatPrice(order.price)} goes back to {order.userName}&apos;s card (
              {order.userEmail}), who gets an email saying so. This cannot be undone.
            </p>
            <p>
              {shipped
                ? 'The order has shipped, so its stock is not returned: book the goods that come back by editing the tool.'
                : 'The order has not shipped, so its stock returns to the catalogue.'}
            </p>
          </>
        ) : null
      }
      confirmLabel={`Refund ${order ? formatPrice(order.price) : ''}`}
      busyLabel="Refunding…"
      cancelLabel="Keep the order"
      tone="danger"
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField
        label="Reason (optional)"
        hint="Shown to the buyer in the refund email."
        error={form.formState.errors.reason?.message}
      >
        {(control) => (
          <textarea className="input" rows={3} {...control} {...form.register('reason')} />
        )}
      </FormField>
    </FormDialog>
  );
}
