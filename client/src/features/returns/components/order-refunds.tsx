import { formatCents, formatMediumDay } from '@toolworks/contract/format';
import type { Order } from '@toolworks/contract/orders';
import { RequestReturnSchema, type Return } from '@toolworks/contract/returns';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { downloadCreditNote, useOrderRefunds, useRequestReturn } from '../api/order-refunds';
import { RETURN_STATUS_LABELS } from './return-status';
import '../returns.css';

function CreditNoteButton({ number }: { number: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-label={`Download credit note ${number}`}
        onClick={() => {
          setError(null);
          downloadCreditNote(number).catch((e: unknown) =>
            setError(e instanceof Error ? e.message : 'The credit note could not be downloaded'),
          );
        }}
      >
        Download {number}
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </>
  );
}

function ReturnRow({ request }: { request: Return }) {
  return (
    <li>
      <span className={`status-badge return-${request.status}`}>
        {RETURN_STATUS_LABELS[request.status]}
      </span>{' '}
      {request.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')} — “{request.reason}”
      {request.declineReason ? <> (declined: {request.declineReason})</> : null}
    </li>
  );
}

interface ReturnForm {
  quantities: Record<string, string>;
  reason: string;
}

/** "Request a return": units per delivered line and a reason, within the return window. */
function RequestReturn({ order, until }: { order: Order; until: string }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const ask = useRequestReturn(order._id);
  const form = useForm<ReturnForm>({
    defaultValues: {
      quantities: Object.fromEntries(order.items.map((l) => [l.toolId, ''])),
      reason: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const body = {
      lines: Object.entries(values.quantities)
        .map(([toolId, q]) => ({ toolId, quantity: Number(q || 0) }))
        .filter((l) => l.quantity > 0),
      reason: values.reason,
    };
    const checked = RequestReturnSchema.safeParse(body);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the form');
    const made = await ask.mutateAsync(checked.data).catch((e: unknown) => {
      setProblem(e instanceof Error ? e.message : 'The return could not be requested');
      return null;
    });
    if (made) {
      setSent(true);
      setOpen(false);
      form.reset();
    }
  });

  if (!open)
    return (
      <p>
        {sent ? (
          <span role="status">
            Your return is requested: we will email you when it is approved.{' '}
          </span>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          Request a return
        </button>{' '}
        <span className="muted">until {formatMediumDay(until.slice(0, 10))}</span>
      </p>
    );
  return (
    <form className="return-form" onSubmit={(e) => void submit(e)} aria-label="Request a return">
      <table className="refund-lines">
        <caption>Units to send back</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Delivered</th>
            <th scope="col">Return</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line) => (
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
                  aria-label={`Units of ${line.name} to return`}
                  {...form.register(`quantities.${line.toolId}`)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="label" htmlFor="return-reason">
        Reason
      </label>
      <textarea id="return-reason" className="input" rows={2} {...form.register('reason')} />
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      <p className="return-actions">
        <button type="submit" className="btn btn-dark" disabled={ask.isPending}>
          {ask.isPending ? 'Sending…' : 'Send return request'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </p>
    </form>
  );
}

/**
 * On the order page (issue 53): what was refunded or credited, each credit note to download,
 * the order's returns and their status, and "Request a return" while the window is open.
 */
export function OrderRefunds({ order }: { order: Order }) {
  const refunds = useOrderRefunds(order._id);
  if (refunds.isPending || refunds.isError) return null;
  const data = refunds.data;
  const open = data.returnableUntil && new Date(data.returnableUntil).getTime() > Date.now();
  if (!data.refunds.length && !data.creditNotes.length && !data.returns.length && !open)
    return null;
  return (
    <section className="order-refunds" aria-labelledby={`refunds-${order._id}`}>
      <h2 id={`refunds-${order._id}`}>Returns and refunds</h2>
      {data.refundedCents > 0 ? (
        <p>
          Refunded {formatCents(data.refundedCents)} of {formatCents(data.paidCents)}.
        </p>
      ) : null}
      {data.refunds.length ? (
        <ul className="refund-list">
          {data.refunds.map((r) => (
            <li key={r._id}>
              {formatMediumDay(r.createdAt.slice(0, 10))}: {formatCents(r.amountCents)}{' '}
              {r.method === 'credit'
                ? 'credited on the invoice'
                : r.method === 'bank_transfer'
                  ? 'by bank transfer'
                  : 'to your card'}
              {r.reason ? ` — ${r.reason}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {data.creditNotes.length ? (
        <div className="credit-note-buttons">
          {data.creditNotes.map((n) => (
            <CreditNoteButton key={n.number} number={n.number} />
          ))}
        </div>
      ) : null}
      {data.returns.length ? (
        <ul className="return-list" aria-label="Your returns">
          {data.returns.map((r) => (
            <ReturnRow key={r._id} request={r} />
          ))}
        </ul>
      ) : null}
      {open ? <RequestReturn order={order} until={data.returnableUntil!} /> : null}
    </section>
  );
}
