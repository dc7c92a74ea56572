import type { TermsInvoice } from '@toolworks/contract/invoices';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { formatPrice } from '@/lib/format';
import { useRecordPayment } from '../api/record-payment';

const today = () => new Date().toISOString().slice(0, 10);

/** A bank transfer received against an invoice: amount (up to the balance), reference, date. */
export function RecordPaymentDialog({
  invoice,
  onClose,
}: {
  invoice: TermsInvoice | null;
  onClose: () => void;
}) {
  const record = useRecordPayment();
  const amountId = useId();
  const referenceId = useId();
  const dateId = useId();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(today());
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setAmount('');
    setReference('');
    setReceivedOn(today());
    setError(undefined);
    record.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!invoice) return;
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0)
      return setError('Enter the amount received');
    if (!reference.trim()) return setError('Enter the transfer’s reference');
    setError(undefined);
    record.mutate(
      { number: invoice.number, body: { amount: value, reference: reference.trim(), receivedOn } },
      { onSuccess: close, onError: (err) => setError(err.message) },
    );
  };

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
      <label htmlFor={amountId}>Amount received ($)</label>
      <input
        id={amountId}
        className="form-control"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        placeholder={invoice ? String(invoice.balance) : ''}
      />
      <label htmlFor={referenceId}>Bank reference</label>
      <input
        id={referenceId}
        className="form-control"
        maxLength={100}
        value={reference}
        onChange={(event) => setReference(event.target.value)}
      />
      <label htmlFor={dateId}>Date received</label>
      <input
        id={dateId}
        className="form-control"
        type="date"
        max={today()}
        value={receivedOn}
        onChange={(event) => setReceivedOn(event.target.value)}
      />
    </FormDialog>
  );
}
