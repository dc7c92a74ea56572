import {
  PAYMENT_TERMS,
  SaveCompanySchema,
  type Company,
  type DeliveryAddress,
  type PaymentTerms,
} from '@toolworks/contract/companies';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { useSaveCompany } from '../api/admin-companies';
import { TERMS_LABELS } from './company-summary';

interface CompanyFormProps {
  /** Edits this company; creates a new one without it. */
  company?: Company;
  onSaved: (company: Company) => void;
}

/** The shop admin's company form: details, delivery addresses, payment terms and credit limit. */
export function CompanyForm({ company, onSaved }: CompanyFormProps) {
  const save = useSaveCompany(company?._id);
  const [name, setName] = useState(company?.name ?? '');
  const [vatId, setVatId] = useState(company?.vatId ?? '');
  const [billingAddress, setBilling] = useState(company?.billingAddress ?? '');
  const [addresses, setAddresses] = useState<DeliveryAddress[]>(
    company?.deliveryAddresses ?? [{ label: 'Main', address: '' }],
  );
  const [paymentTerms, setTerms] = useState<PaymentTerms>(company?.paymentTerms ?? 'none');
  const [creditLimit, setCreditLimit] = useState(String(company?.creditLimit ?? 0));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      vatId,
      billingAddress,
      deliveryAddresses: addresses,
      paymentTerms,
      creditLimit: creditLimit.trim() === '' ? Number.NaN : Number(creditLimit),
    };
    const parsed = SaveCompanySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => setErrors({ form: error.message }),
    });
  };

  const setAddress = (index: number, change: Partial<DeliveryAddress>) =>
    setAddresses((list) => list.map((a, i) => (i === index ? { ...a, ...change } : a)));

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="company-form-title">
      <div className="card-body company-form-body">
        <h2 id="company-form-title">{company ? 'Company details' : 'Add a company'}</h2>
        <FormField label="Company name" error={errors.name}>
          {(a) => (
            <input
              {...a}
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="VAT / tax id" error={errors.vatId}>
          {(a) => (
            <input
              {...a}
              className="input"
              value={vatId}
              onChange={(e) => setVatId(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Billing address" error={errors.billingAddress}>
          {(a) => (
            <textarea
              {...a}
              className="input"
              rows={2}
              value={billingAddress}
              onChange={(e) => setBilling(e.target.value)}
            />
          )}
        </FormField>
        <fieldset className="company-addresses-field">
          <legend className="label">Delivery addresses</legend>
          {errors.deliveryAddresses ? (
            <p className="field-error">{errors.deliveryAddresses}</p>
          ) : null}
          {addresses.map((address, i) => (
            <div key={i} className="company-address-row">
              <FormField label={`Label ${i + 1}`} error={errors[`deliveryAddresses.${i}.label`]}>
                {(a) => (
                  <input
                    {...a}
                    className="input"
                    value={address.label}
                    onChange={(e) => setAddress(i, { label: e.target.value })}
                  />
                )}
              </FormField>
              <FormField
                label={`Address ${i + 1}`}
                error={errors[`deliveryAddresses.${i}.address`]}
              >
                {(a) => (
                  <textarea
                    {...a}
                    className="input"
                    rows={3}
                    value={address.address}
                    onChange={(e) => setAddress(i, { address: e.target.value })}
                  />
                )}
              </FormField>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Remove delivery address ${i + 1}`}
                disabled={addresses.length === 1}
                onClick={() => setAddresses((list) => list.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setAddresses((list) => [...list, { label: '', address: '' }])}
          >
            Add a delivery address
          </button>
        </fieldset>
        <FormField label="Payment terms" error={errors.paymentTerms}>
          {(a) => (
            <select
              {...a}
              className="input"
              value={paymentTerms}
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
        <FormField label="Credit limit ($)" error={errors.creditLimit}>
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
        {errors.form ? (
          <p role="alert" className="alert alert-error">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : company ? 'Save company' : 'Create company'}
        </button>
      </div>
    </form>
  );
}
