import { ForgotForm } from '../components/forgot-form';

export function Component() {
  return <ForgotForm />;
}
