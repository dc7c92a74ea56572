import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { formatCents } from '@toolworks/contract/format';
import { paysOnInvoice } from '@toolworks/contract/orders';
import { CreateRefundSchema, type CreateRefundInput } from '@toolworks/contract/returns';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { useOrderRefundsForAdmin, useRefundPart, type RefundAnswer } from '../api/refund-part';

interface RefundPartForm {
  mode: 'lines' | 'sum';
  quantities: Record<string, string>;
  amount: string;
  reason: string;
  restock: boolean;
  method: 'credit' | 'bank_transfer';
  reference: string;
}

const blank = (order: AdminOrder | null): RefundPartForm => ({
  mode: 'lines',
  quantities: Object.fromEntries((order?.items ?? []).map((l) => [l.toolId, ''])),
  amount: '',
  reason: '',
  restock: false,
  method: 'credit',
  reference: '',
});

/** "12.50" or "1,250.00" as cents; NaN when it is not an amount. */
const toCents = (text: string) => {
  const clean = text.replace(/,/g, '').trim();
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
};

/**
 * Refund part of an order (issue 53): some units of its lines (priced by the server, tax
 * included) or a sum, with a reason; what is left to refund is shown. An order on invoice is
 * credited against its invoice, or refunded by a bank transfer the admin made.
 */
export function RefundPartDialog({
  order,
  onDone,
  onCancel,
}: {
  order: AdminOrder | null;
  onDone: (answer: RefundAnswer, order: AdminOrder) => void;
  onCancel: () => void;
}) {
  const refunds = useOrderRefundsForAdmin(order?._id);
  const refund = useRefundPart();
  const form = useForm<RefundPartForm>({ defaultValues: blank(order) });
  const [problem, setProblem] = useState<string | undefined>();
  // One key per opening: a double click or a retry after a lost answer is the same refund.
  const key = useMemo(() => `${order?._id ?? ''}-${crypto.randomUUID()}`, [order?._id]);
  useEffect(() => {
    form.reset(blank(order));
    setProblem(undefined);
    refund.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order?._id]);
  const mode = form.watch('mode');
  const method = form.watch('method');
  const onInvoice = order ? paysOnInvoice(order) : false;
  const left = refunds.data?.leftCents;

  const submit = form.handleSubmit(async (values) => {
    if (!order) return;
    setProblem(undefined);
    const lines = Object.entries(values.quantities)
      .map(([toolId, q]) => ({ toolId, quantity: Number(q || 0) }))
      .filter((l) => l.quantity > 0);
    const body: CreateRefundInput = {
      reason: values.reason,
      ...(values.mode === 'lines'
        ? { lines, restock: values.restock }
        : { amountCents: toCents(values.amount) }),
      ...(onInvoice && { method: values.method }),
      ...(onInvoice && values.method === 'bank_transfer' && { reference: values.reference }),
    };
    if (values.mode === 'lines' && lines.length === 0)
      return setProblem('Choose at least one unit');
    if (values.mode === 'sum' && Number.isNaN(toCents(values.amount)))
      return setProblem('Type the amount in dollars, such as 12.50');
    const checked = CreateRefundSchema.safeParse(body);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message);
    const answer = await refund.mutateAsync({ id: order._id, body, key }).catch(() => null);
    if (answer) onDone(answer, order);
  });

  const verb = onInvoice && method === 'credit' ? 'Credit' : 'Refund';
  return (
    <FormDialog
      open={order !== null}
      title={`${verb} part of order ${order?.number ?? ''}`}
      description={
        refunds.isPending ? (
          <p role="status">Loading what is left to refund…</p>
        ) : refunds.isError ? (
          <p role="alert">We couldn&apos;t load this order&apos;s refunds.</p>
        ) : (
          <p>
            Paid {formatCents(refunds.data.paidCents)}; refunded so far{' '}
            {formatCents(refunds.data.refundedCents)}.{' '}
            <strong>Left to refund: {formatCents(left ?? 0)}.</strong>{' '}
            {onInvoice
              ? 'A credit lowers what the company owes on the invoice; once it is paid, record the bank transfer you made.'
              : `It goes back to ${order?.userName ?? 'the buyer'}'s card.`}{' '}
            Each refund gets its own credit note.
          </p>
        )
      }
      confirmLabel={verb}
      busyLabel="Refunding…"
      cancelLabel="Close"
      tone="danger"
      busy={refund.isPending}
      error={problem ?? refund.error?.message}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <fieldset className="refund-mode">
        <legend className="label">Refund</legend>
        <label>
          <input type="radio" value="lines" {...form.register('mode')} /> Some units
        </label>
        <label>
          <input type="radio" value="sum" {...form.register('mode')} /> A sum
        </label>
      </fieldset>
      {mode === 'lines' ? (
        <>
          <table className="refund-lines">
            <caption className="visually-hidden">Units to refund per line</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Bought</th>
                <th scope="col">Units to refund</th>
              </tr>
            </thead>
            <tbody>
              {order?.items.map((line) => (
                <tr key={line.toolId}>
                  <th scope="row">{line.name}</th>
                  <td>{line.quantity}</td>
                  <td>
                    <input
                      className="input refund-quantity"
                      type="number"
                      min={0}
                      max={line.quantity}
                      inputMode="numeric"
                      aria-label={`Units of ${line.name} to refund`}
                      {...form.register(`quantities.${line.toolId}`)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <label className="refund-restock">
            <input type="checkbox" {...form.register('restock')} /> Put these units back in stock
          </label>
        </>
      ) : (
        <FormField label="Amount ($, tax included)">
          {(control) => (
            <input
              className="input"
              inputMode="decimal"
              {...control}
              {...form.register('amount')}
            />
          )}
        </FormField>
      )}
      {onInvoice ? (
        <FormField label="How">
          {(control) => (
            <select className="form-select" {...control} {...form.register('method')}>
              <option value="credit">Credit against the invoice</option>
              <option value="bank_transfer">Refund made by bank transfer</option>
            </select>
          )}
        </FormField>
      ) : null}
      {onInvoice && method === 'bank_transfer' ? (
        <FormField label="Bank transfer reference">
          {(control) => <input className="input" {...control} {...form.register('reference')} />}
        </FormField>
      ) : null}
      <FormField label="Reason" hint="Printed on the credit note and told to the buyer.">
        {(control) => (
          <textarea className="input" rows={2} {...control} {...form.register('reason')} />
        )}
      </FormField>
    </FormDialog>
  );
}
