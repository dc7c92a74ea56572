import { zodResolver } from '@hookform/resolvers/zod';
import {
  CompanyFormSchema,
  DEFAULT_E_INVOICE_FORMAT,
  type Company,
  type CompanyFormValues,
  type SaveCompanyInput,
} from '@toolworks/contract/companies';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { useSubmitOnce } from '@/lib/submit-once';
import { useSaveCompany } from '../api/admin-companies';
import { TermsFields } from './terms-fields';
import { EInvoiceFields } from './einvoice-fields';

interface CompanyFormProps {
  /** Edits this company; creates a new one without it. */
  company?: Company;
  onSaved: (company: Company) => void;
}

const formValues = (company?: Company): CompanyFormValues => ({
  name: company?.name ?? '',
  vatId: company?.vatId ?? '',
  billingAddress: company?.billingAddress ?? '',
  deliveryAddresses: company?.deliveryAddresses.map(({ label, address }) => ({
    label,
    address,
  })) ?? [{ label: 'Main', address: '' }],
  paymentTerms: company?.paymentTerms ?? 'none',
  creditLimit: String(company?.creditLimit ?? 0),
  eInvoiceFormat: company?.eInvoiceFormat ?? DEFAULT_E_INVOICE_FORMAT,
  buyerReference: company?.buyerReference ?? '',
});

/**
 * The shop admin's company form: details, delivery addresses, payment terms and credit limit,
 * and what its invoices are sent as.
 */
export function CompanyForm({ company, onSaved }: CompanyFormProps) {
  const save = useSaveCompany(company?._id);
  const form = useForm<CompanyFormValues, unknown, SaveCompanyInput>({
    resolver: zodResolver(CompanyFormSchema),
    defaultValues: formValues(company),
  });
  const { register, formState } = form;
  const { errors } = formState;
  const addresses = useFieldArray({ control: form.control, name: 'deliveryAddresses' });
  const [serverError, setServerError] = useState<string>();

  const submit = useSubmitOnce(
    form.handleSubmit((body) => {
      setServerError(undefined);
      return save.mutateAsync(body).then(onSaved, (error: Error) => setServerError(error.message));
    }),
  );

  // Too many or too few addresses is the list's error, not one address's.
  const listError = errors.deliveryAddresses?.message ?? errors.deliveryAddresses?.root?.message;

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="company-form-title">
      <div className="card-body company-form-body">
        <h2 id="company-form-title">{company ? 'Company details' : 'Add a company'}</h2>
        <FormField label="Company name" error={errors.name?.message}>
          {(a) => <input {...a} className="input" {...register('name')} />}
        </FormField>
        <FormField label="VAT / tax id" error={errors.vatId?.message}>
          {(a) => <input {...a} className="input" {...register('vatId')} />}
        </FormField>
        <FormField label="Billing address" error={errors.billingAddress?.message}>
          {(a) => <textarea {...a} className="input" rows={2} {...register('billingAddress')} />}
        </FormField>
        <fieldset className="company-addresses-field">
          <legend className="label">Delivery addresses</legend>
          {listError ? <p className="field-error">{listError}</p> : null}
          {addresses.fields.map((address, i) => (
            <div key={address.id} className="company-address-row">
              <FormField
                label={`Label ${i + 1}`}
                error={errors.deliveryAddresses?.[i]?.label?.message}
              >
                {(a) => (
                  <input {...a} className="input" {...register(`deliveryAddresses.${i}.label`)} />
                )}
              </FormField>
              <FormField
                label={`Address ${i + 1}`}
                error={errors.deliveryAddresses?.[i]?.address?.message}
              >
                {(a) => (
                  <textarea
                    {...a}
                    className="input"
                    rows={3}
                    {...register(`deliveryAddresses.${i}.address`)}
                  />
                )}
              </FormField>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Remove delivery address ${i + 1}`}
                disabled={addresses.fields.length === 1}
                onClick={() => addresses.remove(i)}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => addresses.append({ label: '', address: '' }, { shouldFocus: false })}
          >
            Add a delivery address
          </button>
        </fieldset>
        <TermsFields
          labels={{ terms: 'Payment terms', creditLimit: 'Credit limit ($)' }}
          register={register}
          names={{ terms: 'paymentTerms', creditLimit: 'creditLimit' }}
          errors={{
            terms: errors.paymentTerms?.message,
            creditLimit: errors.creditLimit?.message,
          }}
        />
        <EInvoiceFields
          register={register}
          errors={{
            format: errors.eInvoiceFormat?.message,
            buyerReference: errors.buyerReference?.message,
          }}
        />
        {serverError ? (
          <p role="alert" className="alert alert-error">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : company ? 'Save company' : 'Create company'}
        </button>
      </div>
    </form>
  );
}
