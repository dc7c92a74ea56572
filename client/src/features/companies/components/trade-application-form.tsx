import {
  CreateTradeApplicationSchema,
  type CreateTradeApplicationInput,
} from '@toolworks/contract/companies';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useApplyForTradeAccount } from '../api/my-company';

type Fields = Required<CreateTradeApplicationInput>;
const EMPTY: Fields = {
  companyName: '',
  vatId: '',
  billingAddress: '',
  deliveryAddress: '',
  phone: '',
  note: '',
};

const LABELS: Record<keyof Fields, string> = {
  companyName: 'Company name',
  vatId: 'VAT / tax id',
  billingAddress: 'Billing address',
  deliveryAddress: 'Delivery address',
  phone: 'Phone',
  note: 'Note (optional)',
};

/** A signed-in customer's application for a trade account; the shop's admin answers by email. */
export function TradeApplicationForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apply = useApplyForTradeAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateTradeApplicationSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    apply.mutate(fields, { onError: (error) => setErrors({ form: error.message }) });
  };

  const field = (name: keyof Fields, multiline = false) => (
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
