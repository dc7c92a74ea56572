import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminOrder } from '@toolworks/contract/admin-orders';
import {
  carrierSchema,
  KNOWN_CARRIERS,
  ShipOrderSchema,
  type ShipOrderInput,
} from '@toolworks/contract/fulfilment';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { describeToShip } from '@toolworks/contract/shipments';
import { formatShipDate } from '@toolworks/contract/stock-plan';
import { formatCount } from '@/lib/format';

const OTHER = 'Other';

// The select and the free text become the API's one `carrier`, checked by the same schemas.
const ShipFormSchema = z
  .object({
    carrierChoice: z.string(),
    otherCarrier: carrierSchema,
    trackingNumber: ShipOrderSchema.shape.trackingNumber,
  })
  .refine((form) => form.carrierChoice !== OTHER || form.otherCarrier !== '', {
    path: ['otherCarrier'],
    message: 'Name the carrier, or choose one from the list',
  });
type ShipForm = z.input<typeof ShipFormSchema>;
const EMPTY: ShipForm = { carrierChoice: '', otherCarrier: '', trackingNumber: '' };

interface ShipDialogProps {
  order: AdminOrder | null;
  busy: boolean;
  error?: string;
  /** Settles when the request has: the dialog takes no second submit before. */
  onShip: (shipment: ShipOrderInput) => Promise<void>;
  onCancel: () => void;
}

/** Mark shipped: the carrier and tracking number (optional, encouraged), then confirm. */
export function ShipDialog({ order, busy, error, onShip, onCancel }: ShipDialogProps) {
  const form = useForm<ShipForm, unknown, z.output<typeof ShipFormSchema>>({
    resolver: zodResolver(ShipFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const choice = form.watch('carrierChoice');
  useEffect(() => form.reset(EMPTY), [order?._id, form]);

  const submit = form.handleSubmit((values) => {
    const carrier = values.carrierChoice === OTHER ? values.otherCarrier : values.carrierChoice;
    return onShip({
      ...(carrier && { carrier }),
      ...(values.trackingNumber && { trackingNumber: values.trackingNumber }),
    });
  });

  const now = order?.toShip?.now;
  const split = order?.toShip
    ? describeToShip(order.toShip, (day) =>
        formatShipDate(day, new Date().toISOString().slice(0, 10)),
      )
    : '';
  return (
    <FormDialog
      open={order !== null}
      title={
        now !== undefined
          ? `Ship ${formatCount(now)} now from order ${order?.number ?? ''}?`
          : `Ship order ${order?.number ?? ''}?`
      }
      description={
        order ? (
          <>
            <p>
              {order.name} for {order.userName}, to {order.userAddress}. The buyer gets an email
              with the tracking details.
            </p>
            {now !== undefined ? (
              <p>
                What is in stock goes now; the rest follows when its batch arrives. To ship: {split}
                .
              </p>
            ) : null}
          </>
        ) : null
      }
      confirmLabel={now !== undefined ? `Ship ${formatCount(now)} now` : 'Mark shipped'}
      busyLabel="Shipping…"
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField label="Carrier" hint="Optional; a known carrier gives the buyer a tracking link.">
        {(control) => (
          <select className="input" {...control} {...form.register('carrierChoice')}>
            <option value="">Not given</option>
            {KNOWN_CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrier}
              </option>
            ))}
            <option value={OTHER}>Other…</option>
          </select>
        )}
      </FormField>
      {choice === OTHER ? (
        <FormField label="Carrier name" error={errors.otherCarrier?.message}>
          {(control) => (
            <input
              className="input"
              autoComplete="off"
              {...control}
              {...form.register('otherCarrier')}
            />
          )}
        </FormField>
      ) : null}
      <FormField label="Tracking number" hint="Optional." error={errors.trackingNumber?.message}>
        {(control) => (
          <input
            className="input"
            autoComplete="off"
            spellCheck={false}
            {...control}
            {...form.register('trackingNumber')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
