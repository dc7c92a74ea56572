import { useState } from 'react';
import { authErrorMessage } from './auth-errors';

/**
 * Runs a sign-in with a provider and then `done`; a refusal becomes the form's alert message.
 * `setError` is for the Google button, which reports its own refusals.
 */
export function useProviderSignIn(done: () => void) {
  const [error, setError] = useState<string | null>(null);
  const signIn = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      done();
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
  };
  return { error, setError, signIn };
}
