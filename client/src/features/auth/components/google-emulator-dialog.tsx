import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { emailSchema } from '@toolworks/contract/fields';
import { FormField } from '@/components/ui/form-field';
import { useModal } from '@/components/ui/use-modal';
import { DEMO_GOOGLE_ACCOUNTS } from '../demo-accounts';

interface GoogleEmulatorDialogProps {
  busy: boolean;
  onPick: (email: string) => void;
  onCancel: () => void;
}

/**
 * Stands in for Google's account chooser when sign-in runs on the Firebase Auth emulator (its
 * pages cannot load there). A modal: focus moves in and stays, Escape cancels, the page behind
 * is inert, focus returns to the Google button afterwards.
 */
export function GoogleEmulatorDialog({ busy, onPick, onCancel }: GoogleEmulatorDialogProps) {
  const titleId = useId();
  const { dialogRef, onKeyDown } = useModal({ open: true, busy, onCancel });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Provide a valid email');
    setError(null);
    onPick(parsed.data);
  };

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          Sign in with Google (emulator)
        </h2>
        <p className="dialog-body">
          This shop is running on the Firebase Auth emulator, a local stand-in for the sign-in
          service, so Google&apos;s own sign-in page can&apos;t open. Choose an account, or type any
          address to sign in as that Google user.
        </p>
        <ul className="google-accounts">
          {DEMO_GOOGLE_ACCOUNTS.map((account) => (
            <li key={account.email}>
              <button
                type="button"
                className="btn btn-secondary btn-block"
                disabled={busy}
                onClick={() => onPick(account.email)}
              >
                {account.label} <span className="muted">({account.email})</span>
              </button>
            </li>
          ))}
        </ul>
        <form className="stack" onSubmit={submit} noValidate>
          <FormField label="Google account email" error={error ?? undefined}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </FormField>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Continue
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
