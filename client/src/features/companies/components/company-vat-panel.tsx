import { zodResolver } from '@hookform/resolvers/zod';
import {
  RecordVatVerificationSchema,
  type CompanyDetail,
  type RecordVatVerificationInput,
} from '@toolworks/contract/companies';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useSubmitOnce } from '@/lib/submit-once';
import { useCheckVatId, useRecordVatVerification } from '../api/company-vat';
import { day, vatBadge } from './vat-status';

/**
 * The company's VAT ID with VIES: its status and the evidence of the last answer, a button to
 * check now, and a form to record a verification made by other means (with a note).
 */
export function CompanyVatPanel({
  company,
  onDone,
}: {
  company: CompanyDetail;
  onDone: (text: string) => void;
}) {
  const check = useCheckVatId(company._id);
  const verify = useRecordVatVerification(company._id);
  const [error, setError] = useState<string>();
  const form = useForm<
    RecordVatVerificationInput,
    unknown,
    z.output<typeof RecordVatVerificationSchema>
  >({
    resolver: zodResolver(RecordVatVerificationSchema),
    defaultValues: { note: '' },
  });
  const submit = useSubmitOnce(
    form.handleSubmit((body) => {
      setError(undefined);
      verify.mutate(body, {
        onSuccess: () => {
          form.reset({ note: '' });
          onDone('Manual verification recorded');
        },
        onError: (caught) => setError(caught.message),
      });
    }),
  );
  const badge = vatBadge(company);
  const evidence = company.vatEvidence;
  const manual = company.vatManualVerification;

  return (
    <section className="card" aria-labelledby="company-vat-title">
      <div className="card-body company-vat">
        <h2 id="company-vat-title">VAT ID</h2>
        <p>
          {company.vatId}{' '}
          <span className={`company-vat-badge company-vat-${badge.tone}`} role="status">
            {badge.text}
          </span>
        </p>
        {evidence && (evidence.name || evidence.address) ? (
          <p className="muted company-vat-evidence">
            VIES: {[evidence.name, evidence.address].filter(Boolean).join(', ')}
          </p>
        ) : null}
        {company.vatStatus === 'unavailable' && company.vatCheckDueAt ? (
          <p className="muted">
            VIES could not answer ({company.vatLastError ?? 'no answer'}); next try{' '}
            {company.vatCheckDueAt.slice(0, 16).replace('T', ' ')} UTC.
          </p>
        ) : null}
        {manual ? (
          <p>
            Verified by hand by {manual.by} on {day(manual.at)}: {manual.note}
          </p>
        ) : null}
        <button
          type="button"
          className="btn"
          disabled={check.isPending}
          onClick={() => {
            setError(undefined);
            check.mutate(undefined, {
              onSuccess: () => onDone('VAT ID checked with VIES'),
              onError: (caught) => setError(caught.message),
            });
          }}
        >
          {check.isPending ? 'Checking…' : 'Check VAT ID now'}
        </button>
        <form className="company-vat-form" onSubmit={submit} noValidate>
          <h3>Record manual verification</h3>
          <FormField
            label="Note"
            hint="How the ID was verified (1 to 500 characters)."
            error={form.formState.errors.note?.message}
          >
            {(control) => (
              <textarea className="input" rows={2} {...control} {...form.register('note')} />
            )}
          </FormField>
          <button type="submit" className="btn" disabled={verify.isPending}>
            Record manual verification
          </button>
        </form>
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
