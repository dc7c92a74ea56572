import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { SignUpFormSchema, type SignUpForm as SignUpValues } from '@contract/auth';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';
import { authErrorMessage } from '../auth-errors';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { GoogleButton } from './google-button';
import { TextField } from './text-field';

export function SignUpForm() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [providerError, setProviderError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignUpValues>({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  const done = () => navigate(paths.home, { replace: true });

  const onSubmit = handleSubmit(async (values) => {
    setProviderError(null);
    try {
      await signUp(values);
      done();
    } catch (error) {
      setProviderError(authErrorMessage(error));
    }
  });

  return (
    <AuthCard
      title="Sign Up"
      footer={
        <p>
          Already have an account? <Link to={paths.login}>Login</Link>
        </p>
      }
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField label="Name" autoComplete="name" registration={register('name')} error={errors.name} />
        <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          Sign Up
        </button>
      </form>
      <p className="auth-divider">or</p>
      <GoogleButton onSignedIn={done} onError={setProviderError} />
      <FormAlert message={providerError} />
    </AuthCard>
  );
}
