import { LoginForm } from '../components/login-form';

export function Component() {
  return <LoginForm />;
}
