import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SignUpFormSchema, type SignUpForm as SignUpValues } from '@toolworks/contract/auth';
import { paths } from '@/config/paths';
import {
  currentAccountNotice,
  showAccountNotice,
  verificationNotice,
} from '../account-notice-store';
import { useAuth } from '../auth-context';
import { keepFrom, prefilledEmail, returnPath } from '../return-path';
import { useProviderSignIn } from '../use-provider-sign-in';
import { AuthCard } from './auth-card';
import { OrGoogle } from './or-google';
import { TextField } from './text-field';

export function SignUpForm() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, formState } = useForm<SignUpValues>({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: { name: '', email: prefilledEmail(location.state), password: '' },
  });
  const { errors, isSubmitting } = formState;
  // Back to the page that asked for an account (a purchase page, the checkout), else home.
  const done = () => void navigate(returnPath(location.state, paths.home), { replace: true });
  const provider = useProviderSignIn(done);

  const onSubmit = handleSubmit((values) =>
    provider.signIn(async () => {
      showAccountNotice(null);
      await signUp(values);
      // Sign-up sent Firebase's verification email (lib/firebase.ts createAccount); the shop's
      // own notice from the token exchange (an admin-listed address) follows it.
      const fromShop = currentAccountNotice()?.text;
      const sent = `We sent a link to ${values.email}: follow it to verify your email address.`;
      showAccountNotice(verificationNotice(fromShop ? `${sent} ${fromShop}` : sent));
    }),
  );

  return (
    <AuthCard
      title="Sign Up"
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} state={keepFrom(location.state)}>
            Login
          </Link>
        </p>
      }
    >
      <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name}
        />
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
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          Sign Up
        </button>
      </form>
      <OrGoogle onSignedIn={done} onError={provider.setError} error={provider.error} />
    </AuthCard>
  );
}
