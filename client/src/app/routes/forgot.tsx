import { ForgotForm } from '@/features/auth/components/forgot-form';

export function Component() {
  return <ForgotForm />;
}
