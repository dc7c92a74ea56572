import {
  CreateTradeApplicationSchema,
  PAYMENT_TERMS,
  type CreateTradeApplicationInput,
  type PaymentTerms,
} from '@toolworks/contract/companies';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useApplyForTradeAccount } from '../api/my-company';
import { TERMS_LABELS } from './company-summary';

type TextFields = Omit<
  Required<CreateTradeApplicationInput>,
  'requestedPaymentTerms' | 'requestedCreditLimit'
>;
const EMPTY: TextFields = {
  companyName: '',
  vatId: '',
  billingAddress: '',
  deliveryAddress: '',
  phone: '',
  note: '',
};

const LABELS: Record<keyof TextFields, string> = {
  companyName: 'Company name',
  vatId: 'VAT / tax id',
  billingAddress: 'Billing address',
  deliveryAddress: 'Delivery address',
  phone: 'Phone',
  note: 'Note (optional)',
};

/** A signed-in customer's application for a trade account; the shop's admin answers by email. */
export function TradeApplicationForm() {
  const [fields, setFields] = useState<TextFields>(EMPTY);
  const [terms, setTerms] = useState<PaymentTerms>('none');
  const [creditLimit, setCreditLimit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apply = useApplyForTradeAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...fields,
      requestedPaymentTerms: terms,
      requestedCreditLimit: creditLimit.trim() === '' ? 0 : Number(creditLimit),
    };
    const parsed = CreateTradeApplicationSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    apply.mutate(body, { onError: (error) => setErrors({ form: error.message }) });
  };

  const field = (name: keyof TextFields, multiline = false) => (
    <FormField key={name} label={LABELS[name]} error={errors[name]}>
      {(a) =>
        multiline ? (
          <textarea
            {...a}
            className="input"
            rows={3}
            value={fields[name]}
            onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
          />
        ) : (
          <input
            {...a}
            className="input"
            value={fields[name]}
            onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
          />
        )
      }
    </FormField>
  );

  return (
    <form className="card company-form" onSubmit={submit} noValidate aria-labelledby="apply-title">
      <div className="card-body company-form-body">
        <h2 id="apply-title">Apply for a trade account</h2>
        <p className="muted">
          Buy for your company with several colleagues, and ask for payment terms. We answer by
          email.
        </p>
        {field('companyName')}
        {field('vatId')}
        {field('billingAddress', true)}
        {field('deliveryAddress', true)}
        {field('phone')}
        <FormField label="Payment terms you ask for" error={errors.requestedPaymentTerms}>
          {(a) => (
            <select
              {...a}
              className="input"
              value={terms}
              onChange={(e) => setTerms(e.target.value as PaymentTerms)}
            >
              {PAYMENT_TERMS.map((t) => (
                <option key={t} value={t}>
                  {TERMS_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Credit limit you ask for ($)"
          hint="Empty: none"
          error={errors.requestedCreditLimit}
        >
          {(a) => (
            <input
              {...a}
              className="input"
              inputMode="decimal"
              value={creditLimit}
              onChange={(e) => setCreditLimit(e.target.value)}
            />
          )}
        </FormField>
        {field('note', true)}
        {errors.form ? (
          <p role="alert" className="alert alert-error">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={apply.isPending}>
          {apply.isPending ? 'Sending…' : 'Send application'}
        </button>
      </div>
    </form>
  );
}
