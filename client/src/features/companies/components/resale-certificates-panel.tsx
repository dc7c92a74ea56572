import { zodResolver } from '@hookform/resolvers/zod';
import { US_STATES } from '@toolworks/contract/countries';
import {
  AddResaleCertificateSchema,
  CERTIFICATE_MAX_BYTES,
  type ResaleCertificate,
} from '@toolworks/contract/tax-settings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { formatMediumDay } from '@/lib/format';
import { useSubmitOnce } from '@/lib/submit-once';
import {
  downloadResaleCertificate,
  useAddResaleCertificate,
  useDeleteResaleCertificate,
  useResaleCertificates,
} from '../api/resale-certificates';

const DAY_MS = 86_400_000;
/** The Tax page warns this far ahead; the company page says so too. */
const WARNING_DAYS = 30;

const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

const CertificateFormSchema = AddResaleCertificateSchema.extend({
  file: z
    .custom<FileList>((value) => value instanceof FileList, 'Choose the certificate PDF')
    .refine((files) => files.length === 1, 'Choose the certificate PDF')
    .refine((files) => !files[0] || isPdfFile(files[0]), 'The file must be a PDF')
    .refine(
      (files) => !files[0] || files[0].size <= CERTIFICATE_MAX_BYTES,
      'The PDF must be 5 MB or smaller',
    ),
});
type CertificateForm = z.input<typeof CertificateFormSchema>;

function expiry(expiresOn: string, today: string) {
  const days = Math.round((Date.parse(expiresOn) - Date.parse(today)) / DAY_MS);
  if (days < 0) return { text: 'Expired', tone: 'expired' };
  if (days > WARNING_DAYS) return null;
  const text =
    days === 0 ? 'Expires today' : days === 1 ? 'Expires tomorrow' : `Expires in ${days} days`;
  return { text, tone: 'soon' };
}

function AddCertificateForm({
  companyId,
  onDone,
}: {
  companyId: string;
  onDone: (t: string) => void;
}) {
  const add = useAddResaleCertificate(companyId);
  const [error, setError] = useState<string>();
  const form = useForm<CertificateForm, unknown, z.output<typeof CertificateFormSchema>>({
    resolver: zodResolver(CertificateFormSchema),
    defaultValues: { number: '', state: '', expiresOn: '' },
  });
  const submit = useSubmitOnce(
    form.handleSubmit(({ file, ...fields }) => {
      setError(undefined);
      add.mutate(
        { ...fields, file: file[0] as File },
        {
          onSuccess: (saved) => {
            form.reset({ number: '', state: '', expiresOn: '' });
            onDone(`Certificate ${saved.number} added`);
          },
          onError: (caught) => setError(caught.message),
        },
      );
    }),
  );
  const { errors } = form.formState;
  return (
    <form
      className="company-certificate-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="certificate-add-title"
    >
      <h3 id="certificate-add-title">Add a certificate</h3>
      <div className="company-certificate-fields">
        <FormField label="Certificate number" error={errors.number?.message}>
          {(control) => <input className="input" {...control} {...form.register('number')} />}
        </FormField>
        <FormField label="State" error={errors.state?.message}>
          {(control) => (
            <select className="input" {...control} {...form.register('state')}>
              <option value="">Choose…</option>
              {US_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Expires on" error={errors.expiresOn?.message}>
          {(control) => (
            <input className="input" type="date" {...control} {...form.register('expiresOn')} />
          )}
        </FormField>
        <FormField label="Certificate (PDF)" hint="Up to 5 MB." error={errors.file?.message}>
          {(control) => (
            <input
              className="input"
              type="file"
              accept="application/pdf,.pdf"
              {...control}
              {...form.register('file')}
            />
          )}
        </FormField>
      </div>
      <button type="submit" className="btn btn-primary" disabled={add.isPending}>
        {add.isPending ? 'Uploading…' : 'Add certificate'}
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
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
                      <td data-label="Actions" className="company-certificate-actions">
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          aria-label={`Download certificate ${c.number}`}
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
