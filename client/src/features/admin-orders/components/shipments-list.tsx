import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { describeToShip } from '@toolworks/contract/shipments';
import { formatShipDate } from '@toolworks/contract/stock-plan';
import { useState } from 'react';
import { fetchFile, saveFile } from '@/lib/download-file';
import { formatCount } from '@/lib/format';

type Shipment = NonNullable<AdminOrder['shipments']>[number];
const today = () => new Date().toISOString().slice(0, 10);
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

/** "To ship: 600 now, 300 from 15 Dec, 100 from 19 Dec" (issue 53). */
export function ToShipSplit({ order }: { order: AdminOrder }) {
  if (!order.toShip) return null;
  const text = describeToShip(order.toShip, (day) => formatShipDate(day, today()));
  return <span className="orders-meta orders-split">To ship: {text}</span>;
}

function PackingSlipButton({
  order,
  shipment,
  n,
}: {
  order: AdminOrder;
  shipment: Shipment;
  n: number;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failure = "We couldn't get the packing slip. Please try again.";
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(
        await fetchFile(
          `/order/${encodeURIComponent(order._id)}/shipments/${encodeURIComponent(shipment._id)}/packing-slip.pdf`,
          {
            accept: 'application/pdf',
            fallbackName: `packing-slip-${order.number}-${n}.pdf`,
            failure,
          },
        ),
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy}
        aria-label={`Packing slip of shipment ${n} of order ${order.number}`}
      >
        {busy ? 'Preparing…' : 'Packing slip'}
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}

export interface ShipmentsListProps {
  order: AdminOrder;
  onDeliver: (order: AdminOrder, shipment: Shipment) => void;
  busyId?: string | undefined;
}

/** Each shipment of an order: what went, with which carrier, and Mark delivered for each. */
export function ShipmentsList({ order, onDeliver, busyId }: ShipmentsListProps) {
  if (!order.shipments?.length) return null;
  return (
    <ol className="orders-shipments" aria-label={`Shipments of order ${order.number}`}>
      {order.shipments.map((shipment, index) => {
        const n = index + 1;
        const units = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
        return (
          <li key={shipment._id} className="orders-shipment">
            <span className="orders-meta">
              <strong>Shipment {n}</strong>: {formatCount(units)} units,{' '}
              {formatWhen(shipment.shippedAt)}
            </span>
            {shipment.carrier || shipment.trackingNumber ? (
              <span className="orders-meta">
                {shipment.carrier ?? 'Tracking'}
                {shipment.trackingNumber ? (
                  <>
                    :{' '}
                    {shipment.trackingUrl ? (
                      <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                        {shipment.trackingNumber}
                        <span className="visually-hidden"> (opens a new tab)</span>
                      </a>
                    ) : (
                      <code className="orders-txn">{shipment.trackingNumber}</code>
                    )}
                  </>
                ) : null}
              </span>
            ) : null}
            <span className="orders-shipment-actions">
              {shipment.deliveredAt ? (
                <span className="orders-meta">Delivered {formatWhen(shipment.deliveredAt)}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={`Mark shipment ${n} of order ${order.number} delivered`}
                  disabled={busyId === shipment._id}
                  onClick={() => onDeliver(order, shipment)}
                >
                  {busyId === shipment._id ? 'Saving…' : 'Mark delivered'}
                </button>
              )}
              <PackingSlipButton order={order} shipment={shipment} n={n} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
