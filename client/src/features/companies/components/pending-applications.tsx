import { zodResolver } from '@hookform/resolvers/zod';
import {
  ApproveApplicationFormSchema,
  type ApproveApplicationFormValues,
  type ApproveApplicationInput,
  DeclineApplicationSchema,
  type TradeApplication,
} from '@toolworks/contract/companies';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useAnswerApplication, usePendingApplications } from '../api/admin-companies';
import { TERMS_LABELS } from './company-summary';
import { TermsFields } from './terms-fields';

type Notify = (message: string, tone?: 'success' | 'error') => void;

/** Applications waiting for the shop's answer: approve (the company is made) or decline. */
export function PendingApplications({ onDone }: { onDone: Notify }) {
  const applications = usePendingApplications();
  return (
    <section className="company-section" aria-labelledby="applications-title">
      <h2 id="applications-title">Trade account applications</h2>
      {applications.isPending ? (
        <p className="muted">Loading applications…</p>
      ) : applications.isError ? (
        <p role="alert" className="alert alert-error">
          {applications.error.message}
        </p>
      ) : applications.data.length === 0 ? (
        <p className="muted">No applications are waiting.</p>
      ) : (
        <ul className="company-list">
          {applications.data.map((application) => (
            <li key={application._id} className="card company-application">
              <ApplicationCard application={application} onDone={onDone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The contract's rules for the reason, asked for in the words of this screen.
const DeclineFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Give a reason to decline', abort: true })
    .pipe(DeclineApplicationSchema.shape.reason),
});

function ApplicationCard({
  application,
  onDone,
}: {
  application: TradeApplication;
  onDone: Notify;
}) {
  const { approve, decline } = useAnswerApplication();
  // The approval starts from what the applicant asked for.
  const approval = useForm<ApproveApplicationFormValues, unknown, ApproveApplicationInput>({
    resolver: zodResolver(ApproveApplicationFormSchema),
    defaultValues: {
      paymentTerms: application.requestedPaymentTerms,
      creditLimit: String(application.requestedCreditLimit),
    },
  });
  const refusal = useForm<z.input<typeof DeclineFormSchema>>({
    resolver: zodResolver(DeclineFormSchema),
    defaultValues: { reason: '' },
  });
  const [error, setError] = useState<string>();
  const busy = approve.isPending || decline.isPending;
  const grant = approval.handleSubmit((body) => {
    setError(undefined);
    approve.mutate(
      { id: application._id, body },
      {
        onSuccess: () => onDone(`${application.companyName} approved`),
        onError: (e) => setError(e.message),
      },
    );
  });
  const refuse = refusal.handleSubmit(({ reason }) => {
    setError(undefined);
    decline.mutate(
      { id: application._id, reason },
      {
        onSuccess: () => onDone(`${application.companyName} declined`),
        onError: (e) => setError(e.message),
      },
    );
  });
  return (
    <div
      className="card-body"
      aria-label={`Application from ${application.companyName}`}
      role="group"
    >
      <h3 className="quote-card-title">{application.companyName}</h3>
      <p>
        {application.name ? `${application.name}, ` : ''}
        {application.email} <EmailState verified={application.emailVerified} /> ·{' '}
        {application.phone} · applied {formatDateTime(application.createdAt)}
      </p>
      <dl className="company-application-facts">
        <dt>VAT / tax id</dt>
        <dd>
          {application.vatId} <VatIdFormat application={application} />
        </dd>
        <dt>Billing address</dt>
        <dd className="company-address-text">{application.billingAddress}</dd>
        <dt>Delivery address</dt>
        <dd className="company-address-text">{application.deliveryAddress}</dd>
        <dt>Asked for</dt>
        <dd>
          {TERMS_LABELS[application.requestedPaymentTerms]}, credit limit{' '}
          {formatPrice(application.requestedCreditLimit)}
        </dd>
      </dl>
      {application.note ? <p>Note: {application.note}</p> : null}
      <div className="company-application-actions">
        <TermsFields
          labels={{ terms: 'Payment terms to grant', creditLimit: 'Credit limit to grant ($)' }}
          register={approval.register}
          names={{ terms: 'paymentTerms', creditLimit: 'creditLimit' }}
          errors={{
            terms: approval.formState.errors.paymentTerms?.message,
            creditLimit: approval.formState.errors.creditLimit?.message,
          }}
        />
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() => void grant()}
        >
          Approve
        </button>
        <FormField label="Reason to decline" error={refusal.formState.errors.reason?.message}>
          {(a) => <input {...a} className="input" {...refusal.register('reason')} />}
        </FormField>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => void refuse()}
        >
          Decline
        </button>
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The applicant's email as the sign-in provider knows it now (absent: it could not say). */
/** Issue 51: the ID's format and check digits, checked when it was typed. */
function VatIdFormat({ application }: { application: TradeApplication }) {
  if (!application.vatIdFormat) return null;
  const [tone, text] =
    application.vatIdFormat === 'valid'
      ? ['yes', 'format and check digits right; verified with VIES once approved']
      : application.vatIdFormat === 'invalid'
        ? ['no', application.vatIdProblem ?? 'format wrong']
        : ['unknown', 'not an EU VAT ID: not verified with VIES'];
  return <span className={`company-email-state company-email-state-${tone}`}>({text})</span>;
}

function EmailState({ verified }: { verified: boolean | undefined }) {
  const [tone, text] =
    verified === undefined
      ? ['unknown', 'email not checked']
      : verified
        ? ['yes', 'email verified']
        : ['no', 'email not verified'];
  return <span className={`company-email-state company-email-state-${tone}`}>({text})</span>;
}
