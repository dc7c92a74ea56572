import { SignUpForm } from '@/features/auth/components/signup-form';

export function Component() {
  return <SignUpForm />;
}
