import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { emailSchema } from '@contract/fields';
import { DEMO_GOOGLE_ACCOUNTS } from '../demo-accounts';

interface GoogleEmulatorDialogProps {
  busy: boolean;
  onPick: (email: string) => void;
  onCancel: () => void;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled])';

/**
 * Stands in for Google's account chooser when sign-in runs on the Firebase Auth emulator (its
 * pages cannot load there). A modal: focus moves in and stays, Escape cancels, the page behind
 * is inert, focus returns to the Google button afterwards.
 */
export function GoogleEmulatorDialog({ busy, onPick, onCancel }: GoogleEmulatorDialogProps) {
  const titleId = useId();
  const inputId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const host = dialogRef.current?.closest('.dialog-backdrop');
    const hidden = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== host && !el.inert,
    );
    for (const el of hidden) el.inert = true;
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      for (const el of hidden) el.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Provide a valid email');
    setError(null);
    onPick(parsed.data);
  };

  return createPortal(
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
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
              <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => onPick(account.email)}>
                {account.label} <span className="muted">({account.email})</span>
              </button>
            </li>
          ))}
        </ul>
        <form className="stack" onSubmit={submit} noValidate>
          <div className="field">
            <label className="label" htmlFor={inputId}>
              Google account email
            </label>
            <input
              id={inputId}
              className="input"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
            {error ? (
              <p id={`${inputId}-error`} className="field-error">
                {error}
              </p>
            ) : null}
          </div>
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
