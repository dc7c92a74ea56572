import { SignUpForm } from '../components/signup-form';

export function Component() {
  return <SignUpForm />;
}
