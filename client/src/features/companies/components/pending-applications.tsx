import type { TradeApplication } from '@toolworks/contract/companies';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { formatDateTime } from '@/lib/format';
import { useAnswerApplication, usePendingApplications } from '../api/admin-companies';

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
  const [error, setError] = useState<string>();
  const busy = approve.isPending || decline.isPending;
  return (
    <div
      className="card-body"
      aria-label={`Application from ${application.companyName}`}
      role="group"
    >
      <h3 className="quote-card-title">{application.companyName}</h3>
      <p>
        {application.name ? `${application.name}, ` : ''}
        {application.email} · {application.phone} · applied {formatDateTime(application.createdAt)}
      </p>
      <p>
        VAT / tax id {application.vatId} · Billing: {application.billingAddress} · Delivery:{' '}
        {application.deliveryAddress}
      </p>
      {application.note ? <p>Note: {application.note}</p> : null}
      <div className="company-application-actions">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() =>
            approve.mutate(
              { id: application._id, body: { paymentTerms: 'none', creditLimit: 0 } },
              {
                onSuccess: () => onDone(`${application.companyName} approved`),
                onError: (e) => setError(e.message),
              },
            )
          }
        >
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
