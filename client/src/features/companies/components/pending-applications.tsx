import {
  ApproveApplicationSchema,
  PAYMENT_TERMS,
  type PaymentTerms,
  type TradeApplication,
} from '@toolworks/contract/companies';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useAnswerApplication, usePendingApplications } from '../api/admin-companies';
import { TERMS_LABELS } from './company-summary';

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

function ApplicationCard({
  application,
  onDone,
}: {
  application: TradeApplication;
  onDone: Notify;
}) {
  const { approve, decline } = useAnswerApplication();
  const [reason, setReason] = useState('');
  // The approval starts from what the applicant asked for.
  const [terms, setTerms] = useState<PaymentTerms>(application.requestedPaymentTerms);
  const [creditLimit, setCreditLimit] = useState(String(application.requestedCreditLimit));
  const [error, setError] = useState<string>();
  const busy = approve.isPending || decline.isPending;
  const grant = () => {
    const body = {
      paymentTerms: terms,
      creditLimit: creditLimit.trim() === '' ? Number.NaN : Number(creditLimit),
    };
    const parsed = ApproveApplicationSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    approve.mutate(
      { id: application._id, body },
      {
        onSuccess: () => onDone(`${application.companyName} approved`),
        onError: (e) => setError(e.message),
      },
    );
  };
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
        <dd>{application.vatId}</dd>
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
        <FormField label="Payment terms to grant">
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
        <FormField label="Credit limit to grant ($)">
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
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={grant}>
          Approve
        </button>
        <FormField label="Reason to decline">
          {(a) => (
            <input
              {...a}
              className="input"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          onClick={() => {
            if (!reason.trim()) {
              setError('Give a reason to decline');
              return;
            }
            decline.mutate(
              { id: application._id, reason },
              {
                onSuccess: () => onDone(`${application.companyName} declined`),
                onError: (e) => setError(e.message),
              },
            );
          }}
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
function EmailState({ verified }: { verified: boolean | undefined }) {
  const [tone, text] =
    verified === undefined
      ? ['unknown', 'email not checked']
      : verified
        ? ['yes', 'email verified']
        : ['no', 'email not verified'];
  return <span className={`company-email-state company-email-state-${tone}`}>({text})</span>;
}
