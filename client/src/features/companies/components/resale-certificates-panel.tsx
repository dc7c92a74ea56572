import type { ResaleCertificate } from '@toolworks/contract/tax-settings';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { formatMediumDay } from '@/lib/format';
import {
  downloadResaleCertificate,
  useDeleteResaleCertificate,
  useResaleCertificates,
} from '../api/resale-certificates';
import { AddCertificateForm } from './add-certificate-form';

const DAY_MS = 86_400_000;
/** The Tax page warns this far ahead; the company page says so too. */
const WARNING_DAYS = 30;

function expiry(expiresOn: string, today: string) {
  const days = Math.round((Date.parse(expiresOn) - Date.parse(today)) / DAY_MS);
  if (days < 0) return { text: 'Expired', tone: 'expired' };
  if (days > WARNING_DAYS) return null;
  const text =
    days === 0 ? 'Expires today' : days === 1 ? 'Expires tomorrow' : `Expires in ${days} days`;
  return { text, tone: 'soon' };
}

/**
 * The company's resale exemption certificates (issue 51): a sale shipped to a certificate's state
 * is exempt from sales tax through its expiry day. Listed soonest expiry first, with a warning
 * for those lapsing within 30 days.
 */
export function ResaleCertificatesPanel({
  companyId,
  onDone,
}: {
  companyId: string;
  onDone: (text: string) => void;
}) {
  const certificates = useResaleCertificates(companyId);
  const remove = useDeleteResaleCertificate(companyId);
  const [removing, setRemoving] = useState<ResaleCertificate | null>(null);
  const [error, setError] = useState<string>();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <section className="card" aria-labelledby="company-certificates-title">
      <div className="card-body company-section">
        <h2 id="company-certificates-title">Resale certificates</h2>
        {certificates.isPending ? (
          <p role="status">Loading the certificates…</p>
        ) : certificates.isError ? (
          <ErrorState
            title="We couldn't load the certificates."
            message={certificates.error.message}
            onRetry={() => void certificates.refetch()}
            retrying={certificates.isFetching}
          />
        ) : certificates.data.certificates.length === 0 ? (
          <p>No resale certificate: sales tax is charged where the shop has nexus.</p>
        ) : (
          <div className="company-certificates-wrap">
            <table className="company-certificates table-stacked">
              <caption className="visually-hidden">Resale certificates</caption>
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">State</th>
                  <th scope="col">Expires</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {certificates.data.certificates.map((c) => {
                  const badge = expiry(c.expiresOn, today);
                  return (
                    <tr key={c._id}>
                      <th scope="row" data-label="Number">
                        {c.number}
                      </th>
                      <td data-label="State">{c.state}</td>
                      <td data-label="Expires">
                        {formatMediumDay(c.expiresOn)}{' '}
                        {badge ? (
                          <span
                            className={`company-certificate-badge company-certificate-${badge.tone}`}
                          >
                            {badge.text}
                          </span>
                        ) : null}
                      </td>
                      <td data-label="Actions">
                        <div className="company-certificate-actions">
                          <button
                            type="button"
                            className="btn btn-secondary btn-sm"
                            aria-label={`Download PDF of certificate ${c.number}`}
                            onClick={() => {
                              setError(undefined);
                              downloadResaleCertificate(companyId, c).catch((caught: Error) =>
                                setError(caught.message),
                              );
                            }}
                          >
                            Download PDF
                          </button>
                          <button
                            type="button"
                            className="btn btn-secondary btn-sm"
                            aria-label={`Delete certificate ${c.number}`}
                            onClick={() => setRemoving(c)}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <AddCertificateForm companyId={companyId} onDone={onDone} />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Delete certificate ${removing?.number ?? ''}?`}
        confirmLabel="Yes, delete"
        cancelLabel="No, keep"
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          setError(undefined);
          remove.mutate(removing._id, {
            onSuccess: () => onDone(`Certificate ${removing.number} deleted`),
            onError: (caught) => setError(caught.message),
            onSettled: () => setRemoving(null),
          });
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>Its PDF is deleted too. Orders placed from now on pay sales tax in {removing?.state}.</p>
      </ConfirmDialog>
    </section>
  );
}
