import { zodResolver } from '@hookform/resolvers/zod';
import { RecordPaymentSchema, type TermsInvoice } from '@toolworks/contract/invoices';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { formatPrice } from '@/lib/format';
import { useRecordPayment } from '../api/record-payment';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * An amount as an admin types it from a bank statement: `1,780.00` or `$1780` is 1780. Commas
 * count only as thousands separators (`1,78` stays a mistake, not 178); anything else that is not
 * a number is left for the schema to refuse.
 */
function typedDollars(value: string): number | undefined {
  const text = value.trim().replace(/^\$/, '');
  if (text === '') return undefined;
  return Number(/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replaceAll(',', '') : text);
}

const PaymentFormSchema = RecordPaymentSchema.extend({
  amount: z.preprocess(typedDollars, RecordPaymentSchema.shape.amount),
});
interface PaymentFields {
  amount: string;
  reference: string;
  receivedOn: string;
}

/** The invoice's day of issue: the earliest day its money can have arrived. */
const issuedOn = (invoice: TermsInvoice | null) => invoice?.issuedAt.slice(0, 10);

/**
 * The form as it opens: the whole balance received today, the usual case; never before the
 * invoice was issued (the shop's clock may run ahead of this browser's, as the test clock does).
 */
const prefilled = (invoice: TermsInvoice | null): PaymentFields => {
  const first = issuedOn(invoice);
  return {
    amount: invoice ? invoice.balance.toFixed(2) : '',
    reference: '',
    receivedOn: first && first > today() ? first : today(),
  };
};

/** A bank transfer received against an invoice: amount (up to the balance), reference, date. */
export function RecordPaymentDialog({
  invoice,
  onClose,
}: {
  invoice: TermsInvoice | null;
  onClose: () => void;
}) {
  const record = useRecordPayment();
  const form = useForm<PaymentFields, unknown, z.output<typeof PaymentFormSchema>>({
    resolver: zodResolver(PaymentFormSchema),
    defaultValues: prefilled(invoice),
  });
  const { errors } = form.formState;
  const [error, setError] = useState<string | undefined>();
  const { reset } = form;
  useEffect(() => reset(prefilled(invoice)), [invoice, reset]);

  const close = () => {
    setError(undefined);
    record.reset();
    onClose();
  };
  const submit = form.handleSubmit((body) => {
    if (!invoice) return;
    setError(undefined);
    return record
      .mutateAsync({ number: invoice.number, body })
      .then(close, (err: Error) => setError(err.message));
  });

  return (
    <FormDialog
      open={invoice !== null}
      title={`Record payment: ${invoice?.number ?? ''}`}
      description={
        invoice ? (
          <p>
            {invoice.companyName}, order {invoice.orderNumber}. Balance{' '}
            <strong>{formatPrice(invoice.balance)}</strong> of {formatPrice(invoice.total)}.
          </p>
        ) : null
      }
      confirmLabel="Record payment"
      busyLabel="Recording…"
      busy={record.isPending}
      error={error}
      onSubmit={submit}
      onCancel={close}
    >
      <FormField label="Amount received ($)" error={errors.amount?.message}>
        {(control) => (
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            {...control}
            {...form.register('amount')}
          />
        )}
      </FormField>
      <FormField label="Bank reference" error={errors.reference?.message}>
        {(control) => (
          <input
            className="input"
            autoComplete="off"
            maxLength={100}
            {...control}
            {...form.register('reference')}
          />
        )}
      </FormField>
      <FormField label="Date received" error={errors.receivedOn?.message}>
        {(control) => (
          <input
            className="input"
            type="date"
            // The money cannot have arrived before the invoice was issued, nor after today.
            min={issuedOn(invoice)}
            max={[today(), issuedOn(invoice) ?? ''].sort().at(-1)}
            {...control}
            {...form.register('receivedOn')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
