import { FormAlert } from './form-alert';
import { GoogleButton } from './google-button';

interface OrGoogleProps {
  onSignedIn: () => void;
  onError: (message: string | null) => void;
  /** The refusal of whichever provider was tried, email or Google. */
  error: string | null;
}

/** Under an email form: "or" Google, then the alert for either way of signing in. */
export function OrGoogle({ onSignedIn, onError, error }: OrGoogleProps) {
  return (
    <>
      <p className="auth-divider">or</p>
      <GoogleButton onSignedIn={onSignedIn} onError={onError} />
      <FormAlert message={error} />
    </>
  );
}
