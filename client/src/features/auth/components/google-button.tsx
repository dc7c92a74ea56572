import { useState } from 'react';
import '@/components/ui/overlays.css';
import { env } from '@/config/env';
import { useAuth } from '../auth-context';
import { authErrorMessage } from '../auth-errors';
import { GoogleEmulatorDialog } from './google-emulator-dialog';

interface GoogleButtonProps {
  onSignedIn: () => void;
  onError: (message: string | null) => void;
}

/** 'Continue With Google': Google's popup on a real Firebase project, a chooser on the emulator. */
export function GoogleButton({ onSignedIn, onError }: GoogleButtonProps) {
  const { signInWithGoogle } = useAuth();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);

  const signIn = async (emulatorEmail?: string) => {
    setBusy(true);
    onError(null);
    try {
      await signInWithGoogle(emulatorEmail);
      setChoosing(false);
      onSignedIn();
    } catch (error) {
      setChoosing(false);
      onError(authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-block google-button"
        disabled={busy}
        onClick={() => (env.firebase.emulator ? setChoosing(true) : void signIn())}
      >
        <span className="google-mark" aria-hidden="true">
          G
        </span>
        Continue With Google
      </button>
      {choosing ? (
        <GoogleEmulatorDialog
          busy={busy}
          onPick={(email) => void signIn(email)}
          onCancel={() => setChoosing(false)}
        />
      ) : null}
    </>
  );
}
