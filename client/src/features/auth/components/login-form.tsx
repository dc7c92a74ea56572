import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LoginFormSchema, type LoginForm as LoginValues } from '@toolworks/contract/auth';
import { paths } from '@/config/paths';
import { useAuth } from '../auth-context';
import { keepFrom, prefilledEmail, returnPath } from '../return-path';
import { useProviderSignIn } from '../use-provider-sign-in';
import { AuthCard } from './auth-card';
import { OrGoogle } from './or-google';
import { SessionEndedNotice } from './session-ended-notice';
import { TextField } from './text-field';

export function LoginForm() {
  const { signInWithEmail } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: prefilledEmail(location.state), password: '' },
  });
  const { errors, isSubmitting } = formState;
  const done = () => void navigate(returnPath(location.state), { replace: true });
  const provider = useProviderSignIn(done);

  const onSubmit = handleSubmit(({ email, password }) =>
    provider.signIn(() => signInWithEmail(email, password)),
  );

  return (
    <AuthCard
      title="Login"
      footer={
        <p>
          New to Toolworks?{' '}
          <Link to={paths.signup} state={keepFrom(location.state)}>
            Create an account
          </Link>
        </p>
      }
    >
      <SessionEndedNotice />
      <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
        <p className="auth-forgot">
          <Link to={paths.forgot}>Forgot Password?</Link>
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          Login
        </button>
      </form>
      <OrGoogle onSignedIn={done} onError={provider.setError} error={provider.error} />
    </AuthCard>
  );
}
