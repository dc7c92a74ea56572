import { zodResolver } from '@hookform/resolvers/zod';
import {
  SaveProfileSchema,
  type Profile,
  type SaveProfile,
  type SaveProfileInput,
} from '@toolworks/contract/profiles';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useSaveProfile } from '../api/save-profile';
import { countryOptions } from './countries';
import { FormField } from '@/components/ui/form-field';
import { useSubmitOnce } from '@/lib/submit-once';

export const PROFILE_SAVED = 'Your Information added successfully!!';

interface ProfileFormProps {
  email: string;
  /** The signed-in user's display name, used until a name has been saved. */
  displayName: string;
  saved: Profile | null;
}

export function ProfileForm({ email, displayName, saved }: ProfileFormProps) {
  const save = useSaveProfile(email);
  const { toast, show, dismiss } = useToast();
  const form = useForm<SaveProfileInput, unknown, SaveProfile>({
    resolver: zodResolver(SaveProfileSchema),
    defaultValues: {
      name: saved?.name || displayName,
      LinkedIn_profile_link: saved?.LinkedIn_profile_link ?? '',
      country: saved?.country ?? '',
      street_address: saved?.street_address ?? '',
      city: saved?.city ?? '',
      state: saved?.state ?? '',
      postal_code: saved?.postal_code ?? '',
      phone: saved?.phone ?? '',
      company_name: saved?.company_name ?? '',
      vat_id: saved?.vat_id ?? '',
      delivery_address: saved?.delivery_address ?? '',
    },
  });
  const { errors } = form.formState;
  // The saved country leads the list, as in the spec; it stays put while the user picks another.
  const countries = useMemo(() => countryOptions(saved?.country ?? ''), [saved?.country]);

  const submit = useSubmitOnce(
    form.handleSubmit((values) => {
      save.mutate(
        { ...values, email_address: email },
        {
          onSuccess: (stored) => {
            show(PROFILE_SAVED);
            form.reset({ ...stored });
          },
          onError: (error) => show(error.message, 'error'),
        },
      );
    }),
  );

  return (
    <form className="card profile-form" onSubmit={submit} noValidate aria-label="My Profile">
      <div className="card-body profile-grid">
        <FormField label="Name" error={errors.name?.message}>
          {(a) => <input {...a} className="input" autoComplete="name" {...form.register('name')} />}
        </FormField>
        <FormField label="Email address" hint="Your sign-in email; it cannot be changed here.">
          {(a) => <input {...a} className="input" type="email" value={email} readOnly />}
        </FormField>
        <FormField
          label="LinkedIn profile link"
          className="profile-wide"
          error={errors.LinkedIn_profile_link?.message}
        >
          {(a) => (
            <input
              {...a}
              className="input"
              type="url"
              inputMode="url"
              placeholder="https://www.linkedin.com/in/your-name"
              {...form.register('LinkedIn_profile_link')}
            />
          )}
        </FormField>
        <FormField label="Country" error={errors.country?.message}>
          {(a) => (
            <select
              {...a}
              className="input"
              autoComplete="country-name"
              {...form.register('country')}
            >
              {saved?.country ? null : <option value="">Choose your country</option>}
              {countries.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Street address" error={errors.street_address?.message}>
          {(a) => (
            <input
              {...a}
              className="input"
              autoComplete="street-address"
              {...form.register('street_address')}
            />
          )}
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          {(a) => (
            <input
              {...a}
              className="input"
              autoComplete="address-level2"
              {...form.register('city')}
            />
          )}
        </FormField>
        <FormField label="State" error={errors.state?.message}>
          {(a) => (
            <input
              {...a}
              className="input"
              autoComplete="address-level1"
              {...form.register('state')}
            />
          )}
        </FormField>
        <FormField label="Postal code" error={errors.postal_code?.message}>
          {(a) => (
            <input
              {...a}
              className="input"
              autoComplete="postal-code"
              {...form.register('postal_code')}
            />
          )}
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          {(a) => (
            <input
              {...a}
              className="input"
              type="tel"
              autoComplete="tel"
              {...form.register('phone')}
            />
          )}
        </FormField>
        <FormField label="Company name" error={errors.company_name?.message}>
          {(a) => (
            <input
              {...a}
              className="input"
              autoComplete="organization"
              {...form.register('company_name')}
            />
          )}
        </FormField>
        <FormField label="VAT / tax id" error={errors.vat_id?.message}>
          {(a) => <input {...a} className="input" {...form.register('vat_id')} />}
        </FormField>
        <FormField
          label="Default delivery address"
          className="profile-wide"
          hint="Checkout fills this in for you; leave empty to use the address above."
          error={errors.delivery_address?.message}
        >
          {(a) => (
            <textarea
              {...a}
              className="input"
              rows={3}
              autoComplete="shipping street-address"
              {...form.register('delivery_address')}
            />
          )}
        </FormField>
        <div className="profile-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </form>
  );
}
