import { paysOnInvoice, type Order } from '@toolworks/contract/orders';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime, formatPrice } from '@/lib/format';
import { useApprovals, useDecideOrder } from '../api/approvals';
import { RejectOrderDialog } from './reject-order-dialog';

type Notify = (message: string, tone?: 'success' | 'error') => void;

/**
 * Approvals (approvers and company-admins): colleagues' orders above their spending limit, each
 * approved (the buyer can then pay) or rejected with a reason (its stock is released).
 */
export function ApprovalsPanel({ onDone }: { onDone: Notify }) {
  const approvals = useApprovals();
  const { approve, reject } = useDecideOrder();
  const [rejecting, setRejecting] = useState<Order | null>(null);
  const [rejectError, setRejectError] = useState<string>();
  const [approvingId, setApprovingId] = useState<string>();

  const onApprove = (order: Order) => {
    setApprovingId(order._id);
    approve.mutate(order._id, {
      onSuccess: (approved) =>
        onDone(
          approved.status === 'confirmed'
            ? `Order ${order.number} approved and confirmed on invoice: its invoice is issued`
            : `Order ${order.number} approved: ${order.userName} can now pay`,
        ),
      onError: (error) => onDone(error.message, 'error'),
      onSettled: () => setApprovingId(undefined),
    });
  };
  const onReject = (reason: string) => {
    if (!rejecting) return;
    const order = rejecting;
    setRejectError(undefined);
    reject.mutate(
      { id: order._id, body: { reason } },
      {
        onSuccess: () => {
          setRejecting(null);
          onDone(`Order ${order.number} rejected: ${order.userName} is emailed your reason`);
        },
        onError: (error) => setRejectError(error.message),
      },
    );
  };

  let content;
  if (approvals.isPending) content = <p className="muted">Loading orders awaiting approval…</p>;
  else if (approvals.isError)
    content = (
      <div role="alert" className="alert alert-error">
        <p>{approvals.error.message}</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void approvals.refetch()}
        >
          Try again
        </button>
      </div>
    );
  else if (approvals.data.length === 0)
    content = <p className="muted">No orders are waiting for approval.</p>;
  else
    content = (
      <ul className="company-list" aria-label="Orders awaiting approval">
        {approvals.data.map((order) => (
          <li key={order._id} className="company-member approval-card">
            <div className="approval-head">
              <h3 className="approval-title">
                <Link to={paths.dashboard.order(order._id)}>Order {order.number}</Link>
              </h3>
              <strong className="approval-total">{formatPrice(order.price)}</strong>
            </div>
            <p className="approval-meta">
              {order.userName} ({order.userEmail}) · placed{' '}
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              {order.poReference ? ` · PO ${order.poReference}` : ''}
              {paysOnInvoice(order) ? ' · pay on invoice' : ''}
            </p>
            <ul className="approval-lines" aria-label={`Lines of order ${order.number}`}>
              {order.items.map((line) => (
                <li key={line.toolId}>
                  {formatCount(line.quantity)} × {line.name} · {formatPrice(line.lineTotal)}
                </li>
              ))}
            </ul>
            <div className="approval-actions">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={approvingId === order._id}
                aria-label={`Approve order ${order.number}`}
                onClick={() => onApprove(order)}
              >
                {approvingId === order._id ? 'Approving…' : 'Approve'}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Reject order ${order.number}`}
                onClick={() => {
                  setRejectError(undefined);
                  setRejecting(order);
                }}
              >
                Reject…
              </button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section id="approvals" className="card" aria-labelledby="approvals-title">
      <div className="card-body company-section">
        <h2 id="approvals-title">Approvals</h2>
        <p className="muted">
          Orders above a colleague’s spending limit wait here. Approve one and its buyer can pay
          (one placed on invoice is confirmed on your terms at once); reject it with a reason and
          its stock is released.
        </p>
        {content}
      </div>
      <RejectOrderDialog
        order={rejecting}
        busy={reject.isPending}
        error={rejectError}
        onReject={onReject}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}
