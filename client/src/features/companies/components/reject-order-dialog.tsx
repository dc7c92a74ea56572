import { zodResolver } from '@hookform/resolvers/zod';
import { RejectOrderSchema, type Order } from '@toolworks/contract/orders';
import { useEffect, useId } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useModal } from '@/components/ui/use-modal';
import { formatPrice } from '@/lib/format';
import { useSubmitOnce } from '@/lib/submit-once';
import '@/components/ui/overlays.css';

type RejectForm = z.input<typeof RejectOrderSchema>;

interface RejectOrderDialogProps {
  order: Order | null;
  busy: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Reject an order awaiting approval: a modal form (focus kept inside, Escape cancels, the page
 * behind inert, focus returned) whose reason is required; the buyer is emailed it.
 */
export function RejectOrderDialog({
  order,
  busy,
  error,
  onReject,
  onCancel,
}: RejectOrderDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const open = order !== null;
  const { dialogRef, onKeyDown } = useModal({ open, busy, onCancel });
  const form = useForm<RejectForm, unknown, z.output<typeof RejectOrderSchema>>({
    resolver: zodResolver(RejectOrderSchema),
    defaultValues: { reason: '' },
  });
  useEffect(() => form.reset({ reason: '' }), [order?._id, form]);
  const submit = useSubmitOnce(form.handleSubmit(({ reason }) => onReject(reason)));

  if (!order) return null;
  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          Reject order {order.number}?
        </h2>
        <div id={bodyId} className="dialog-body">
          <p>
            {order.userName}’s order for {formatPrice(order.price)} will not go ahead: its stock is
            released and {order.userName} is emailed your reason.
          </p>
        </div>
        <form className="dialog-form" onSubmit={submit} noValidate>
          <FormField
            label="Reason"
            hint="Required. The buyer reads it in their email."
            error={form.formState.errors.reason?.message}
          >
            {(control) => (
              <textarea className="input" rows={3} {...control} {...form.register('reason')} />
            )}
          </FormField>
          {error ? (
            <p role="alert" className="field-error">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
              Keep it waiting
            </button>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? 'Rejecting…' : 'Reject order'}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
