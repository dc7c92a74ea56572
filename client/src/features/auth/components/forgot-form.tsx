import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { ForgotFormSchema, type ForgotForm as ForgotValues } from '@toolworks/contract/auth';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { emulatorOobCodesUrl } from '../account-notice-store';
import { useAuth } from '../auth-context';
import { authErrorCode, authErrorMessage } from '../auth-errors';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

export function ForgotForm() {
  const { sendPasswordReset } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [providerError, setProviderError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotValues>({
    resolver: zodResolver(ForgotFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    setProviderError(null);
    setSentTo(null);
    try {
      await sendPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      // Saying "no such account" would tell strangers who shops here; it reads as sent.
      if (authErrorCode(error) === 'auth/user-not-found') setSentTo(email);
      else setProviderError(authErrorMessage(error));
    }
  });

  return (
    <AuthCard
      title="Reset your password"
      footer={
        <p>
          Remembered it? <Link to={paths.login}>Back to Login</Link>
        </p>
      }
    >
      <p className="muted">We&apos;ll email you a link to choose a new password.</p>
      <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          Reset password
        </button>
      </form>
      <div role="status" className="auth-alert">
        {sentTo ? (
          <div className="alert alert-info">
            <p className="alert-title">Sent email</p>
            <p>If {sentTo} has an account, a reset link is on its way. Check your inbox.</p>
            {/* As after sign-up: no email leaves the machine, the emulator lists the link. */}
            {env.firebase.emulator ? (
              <p className="account-notice-emulator">
                Local emulator: no email is sent. Open{' '}
                <a href={emulatorOobCodesUrl} target="_blank" rel="noreferrer">
                  the emulator’s list of links
                </a>{' '}
                (<code>{emulatorOobCodesUrl}</code>) and follow the <code>oobLink</code> for your
                address.
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <FormAlert message={providerError} />
    </AuthCard>
  );
}
