import { zodResolver } from '@hookform/resolvers/zod';
import { ReceiveBatchSchema } from '@toolworks/contract/shipments';
import { formatShipDate } from '@toolworks/contract/stock-plan';
import type { Tool } from '@toolworks/contract/tools';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { formatCount } from '@/lib/format';
import { useReceiveBatch } from '../api/receive-batch';

type Batch = Tool['incomingStock'][number];
type ReceiveForm = z.input<typeof ReceiveBatchSchema>;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Receive batch (issue 53): the admin enters what actually arrived; the orders promised the batch
 * get it first, oldest first, and become ready to ship; any shortfall moves later buyers' dates.
 */
export function ReceiveBatches({ tool, onDone }: { tool: Tool; onDone: (text: string) => void }) {
  const [batch, setBatch] = useState<Batch | null>(null);
  const receive = useReceiveBatch();
  const form = useForm<ReceiveForm, unknown, z.output<typeof ReceiveBatchSchema>>({
    resolver: zodResolver(ReceiveBatchSchema),
  });
  useEffect(() => {
    if (batch) form.reset({ expectedDate: batch.expectedDate, quantity: batch.quantity });
  }, [batch, form]);
  const batches = tool.incomingStock;
  if (batches.length === 0) return null;

  const submit = form.handleSubmit(async (values) => {
    const receipt = await receive.mutateAsync({ id: tool._id, ...values }).catch(() => undefined);
    if (!receipt) return;
    setBatch(null);
    const moved = receipt.moved.length
      ? ` ${receipt.moved.length} order${receipt.moved.length === 1 ? '' : 's'} moved to a later date; their buyers were emailed.`
      : '';
    onDone(
      `Received ${formatCount(values.quantity)}: ${formatCount(receipt.served)} go to waiting orders, ${formatCount(receipt.stockAdded)} to stock.${moved}`,
    );
  });

  return (
    <section className="card receive-batches" aria-labelledby="receive-batches-title">
      <h2 id="receive-batches-title">Incoming batches</h2>
      <p className="muted">
        When a batch arrives, receive it here with the quantity that actually came: the orders
        promised it get it first, oldest first, and show under Ready to ship.
      </p>
      <ul className="receive-batches-list">
        {batches.map((b) => (
          <li key={b.expectedDate}>
            <span>
              {formatCount(b.quantity)} expected {formatShipDate(b.expectedDate, today())} ·{' '}
              {formatCount(b.promised)} promised to orders
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`Receive batch expected ${formatShipDate(b.expectedDate, today())}`}
              onClick={() => {
                receive.reset();
                setBatch(b);
              }}
            >
              Receive batch
            </button>
          </li>
        ))}
      </ul>
      <FormDialog
        open={batch !== null}
        title="Receive this batch?"
        description={
          batch ? (
            <p>
              {formatCount(batch.quantity)} expected {formatShipDate(batch.expectedDate, today())},{' '}
              {formatCount(batch.promised)} of them promised to orders. Enter what actually arrived:
              the orders promised it get it first, oldest first.
            </p>
          ) : null
        }
        confirmLabel="Receive batch"
        busyLabel="Receiving…"
        busy={receive.isPending}
        error={receive.error?.message}
        onSubmit={submit}
        onCancel={() => setBatch(null)}
      >
        <FormField label="Quantity received" error={form.formState.errors.quantity?.message}>
          {(control) => (
            <input
              className="input"
              type="number"
              min={0}
              inputMode="numeric"
              {...control}
              {...form.register('quantity', { valueAsNumber: true })}
            />
          )}
        </FormField>
      </FormDialog>
    </section>
  );
}
