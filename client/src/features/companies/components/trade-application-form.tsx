import { zodResolver } from '@hookform/resolvers/zod';
import {
  TradeApplicationFormSchema,
  type CreateTradeApplicationInput,
  type TradeApplicationFormValues,
} from '@toolworks/contract/companies';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { useSubmitOnce } from '@/lib/submit-once';
import { useApplyForTradeAccount } from '../api/my-company';
import { TermsFields } from './terms-fields';

type TextField = Exclude<
  keyof TradeApplicationFormValues,
  'requestedPaymentTerms' | 'requestedCreditLimit'
>;

const EMPTY: TradeApplicationFormValues = {
  companyName: '',
  vatId: '',
  billingAddress: '',
  deliveryAddress: '',
  phone: '',
  note: '',
  requestedPaymentTerms: 'none',
  requestedCreditLimit: '',
};

const LABELS: Record<TextField, string> = {
  companyName: 'Company name',
  vatId: 'VAT / tax id',
  billingAddress: 'Billing address',
  deliveryAddress: 'Delivery address',
  phone: 'Phone',
  note: 'Note (optional)',
};

/** A signed-in customer's application for a trade account; the shop's admin answers by email. */
export function TradeApplicationForm() {
  const form = useForm<TradeApplicationFormValues, unknown, CreateTradeApplicationInput>({
    resolver: zodResolver(TradeApplicationFormSchema),
    defaultValues: EMPTY,
  });
  const { register, formState } = form;
  const { errors } = formState;
  const [serverError, setServerError] = useState<string>();
  const apply = useApplyForTradeAccount();

  const submit = useSubmitOnce(
    form.handleSubmit((body) => {
      setServerError(undefined);
      // Sent, the page shows the pending application instead of this form.
      return apply.mutateAsync(body).catch((error: Error) => setServerError(error.message));
    }),
  );

  const field = (name: TextField, multiline = false) => (
    <FormField key={name} label={LABELS[name]} error={errors[name]?.message}>
      {(a) =>
        multiline ? (
          <textarea {...a} className="input" rows={3} {...register(name)} />
        ) : (
          <input {...a} className="input" {...register(name)} />
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
        <TermsFields
          labels={{
            terms: 'Payment terms you ask for',
            creditLimit: 'Credit limit you ask for ($)',
          }}
          creditLimitHint="Empty: none"
          register={register}
          names={{ terms: 'requestedPaymentTerms', creditLimit: 'requestedCreditLimit' }}
          errors={{
            terms: errors.requestedPaymentTerms?.message,
            creditLimit: errors.requestedCreditLimit?.message,
          }}
        />
        {field('note', true)}
        {serverError ? (
          <p role="alert" className="alert alert-error">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={apply.isPending}>
          {apply.isPending ? 'Sending…' : 'Send application'}
        </button>
      </div>
    </form>
  );
}
