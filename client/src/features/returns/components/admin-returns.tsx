import { formatMediumDay } from '@toolworks/contract/format';
import { RETURN_STATUSES, type Return, type ReturnStatus } from '@toolworks/contract/returns';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useReturns, useReturnStep, type ReturnStep } from '../api/admin-returns';
import { RETURN_STATUS_LABELS } from './return-status';
import '../returns.css';

const isStatus = (value: string | null): value is ReturnStatus =>
  RETURN_STATUSES.includes(value as ReturnStatus);

const DONE: Record<ReturnStep['step'], string> = {
  approve: 'approved',
  decline: 'declined',
  receive: 'received',
  refund: 'refunded',
};

/** One return's row: its lines and reason, and the step it can take next. */
function ReturnRow({
  request,
  busy,
  onStep,
}: {
  request: Return;
  busy: boolean;
  onStep: (action: ReturnStep) => void;
}) {
  const [declining, setDeclining] = useState(false);
  const [declineReason, setDeclineReason] = useState('');
  const [dispositions, setDispositions] = useState<Record<string, 'restock' | 'scrap'>>({});
  const who = `return of order ${request.orderNumber ?? request.orderId}`;
  return (
    <tr>
      <td>
        <strong>{request.orderNumber ?? request.orderId}</strong>
        <br />
        <span className="muted">{request.userEmail}</span>
        <br />
        <span className="muted">{formatMediumDay(request.requestedAt.slice(0, 10))}</span>
      </td>
      <td>
        <span className={`status-badge return-${request.status}`}>
          {RETURN_STATUS_LABELS[request.status]}
        </span>
      </td>
      <td>
        <ul className="return-list">
          {(request.received ?? request.lines).map((l) => (
            <li key={l.toolId}>
              {l.quantity} × {l.name}
              {'disposition' in l && typeof l.disposition === 'string' ? ` (${l.disposition})` : ''}
            </li>
          ))}
        </ul>
        “{request.reason}”{request.declineReason ? <> — declined: {request.declineReason}</> : null}
      </td>
      <td>
        <div className="returns-actions">
          {request.status === 'requested' && !declining ? (
            <>
              <button
                type="button"
                className="btn btn-dark btn-sm"
                disabled={busy}
                aria-label={`Approve ${who}`}
                onClick={() => onStep({ step: 'approve' })}
              >
                Approve
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy}
                aria-label={`Decline ${who}`}
                onClick={() => setDeclining(true)}
              >
                Decline…
              </button>
            </>
          ) : null}
          {request.status === 'requested' && declining ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (declineReason.trim()) onStep({ step: 'decline', reason: declineReason });
              }}
            >
              <label className="label" htmlFor={`decline-${request._id}`}>
                Why (told to the buyer)
              </label>
              <input
                id={`decline-${request._id}`}
                className="input"
                required
                value={declineReason}
                onChange={(e) => setDeclineReason(e.target.value)}
              />
              <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
                Decline return
              </button>
            </form>
          ) : null}
          {request.status === 'approved' ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                onStep({
                  step: 'receive',
                  lines: request.lines.map((l) => ({
                    toolId: l.toolId,
                    quantity: l.quantity,
                    disposition: dispositions[l.toolId] ?? 'restock',
                  })),
                });
              }}
            >
              {request.lines.map((l) => (
                <label key={l.toolId} className="label">
                  {l.name}{' '}
                  <select
                    className="form-select"
                    value={dispositions[l.toolId] ?? 'restock'}
                    onChange={(e) =>
                      setDispositions({
                        ...dispositions,
                        [l.toolId]: e.target.value as 'restock' | 'scrap',
                      })
                    }
                  >
                    <option value="restock">Back in stock</option>
                    <option value="scrap">Scrap</option>
                  </select>
                </label>
              ))}
              <button
                type="submit"
                className="btn btn-dark btn-sm"
                disabled={busy}
                aria-label={`Mark goods received for ${who}`}
              >
                Goods received
              </button>
            </form>
          ) : null}
          {request.status === 'received' ? (
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={busy}
              aria-label={`Refund ${who}`}
              onClick={() => onStep({ step: 'refund' })}
            >
              Refund received units
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** The admin's Returns page: requests by status, each approved or declined, received, refunded. */
export function AdminReturns() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatus(requested) ? requested : 'all';
  const returns = useReturns(status);
  const step = useReturnStep();
  const { toast, show, dismiss } = useToast();

  const onStep = (request: Return) => (action: ReturnStep) => {
    void step
      .mutateAsync({ id: request._id, action })
      .then((done) =>
        show(`The return of ${done.orderNumber ?? 'the order'} is ${DONE[action.step]}`),
      )
      .catch((e: unknown) => show(e instanceof Error ? e.message : 'That did not work', 'error'));
  };

  let body;
  if (returns.isPending)
    body = (
      <p role="status" className="muted">
        Loading returns…
      </p>
    );
  else if (returns.isError)
    body = (
      <ErrorState
        title="We couldn't load the returns."
        message={returns.error.message}
        onRetry={() => void returns.refetch()}
      />
    );
  else if (returns.data.length === 0) body = <p className="muted">No returns here.</p>;
  else
    body = (
      <table className="returns-table">
        <caption className="visually-hidden">Returns</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Status</th>
            <th scope="col">Lines and reason</th>
            <th scope="col">Next step</th>
          </tr>
        </thead>
        <tbody>
          {returns.data.map((r) => (
            <ReturnRow key={r._id} request={r} busy={step.isPending} onStep={onStep(r)} />
          ))}
        </tbody>
      </table>
    );

  return (
    <section aria-labelledby="admin-returns-title">
      <title>Returns · Toolworks</title>
      <h1 id="admin-returns-title">Returns</h1>
      <p className="muted">
        Buyers ask to return delivered units within the return window. Approve or decline, mark the
        goods received (back in stock or scrapped), then refund them: each refund gets its credit
        note.
      </p>
      <div className="invoice-toolbar">
        <label>
          Status{' '}
          <select
            className="form-select"
            value={status}
            onChange={(e) => setParams(e.target.value === 'all' ? {} : { status: e.target.value })}
          >
            <option value="all">All</option>
            {RETURN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {RETURN_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {body}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
