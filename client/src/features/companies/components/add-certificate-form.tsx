import { zodResolver } from '@hookform/resolvers/zod';
import { US_STATES } from '@toolworks/contract/countries';
import {
  AddResaleCertificateSchema,
  CERTIFICATE_MAX_BYTES,
} from '@toolworks/contract/tax-settings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useSubmitOnce } from '@/lib/submit-once';
import { useAddResaleCertificate } from '../api/resale-certificates';

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

/** Number, state, expiry and the PDF: checked here as the server will, then uploaded. */
export function AddCertificateForm({
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
