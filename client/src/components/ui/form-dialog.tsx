import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '@/components/ui/use-modal';
import { useSubmitOnce } from '@/lib/submit-once';
import '@/components/ui/overlays.css';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** What the admin is about to do, read out with the title. */
  description: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  busy: boolean;
  /** The server's refusal, shown in the dialog so the admin can correct and try again. */
  error?: string;
  /** Taken one at a time: a returned promise holds the form until it settles. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<unknown>;
  onCancel: () => void;
  /** The button's class: `btn-danger` for a refund, `btn-dark` for shipping. */
  tone?: 'danger' | 'dark';
}

/**
 * A confirm step with a few fields: the same modal rules as ConfirmDialog (focus kept inside,
 * Escape cancels, the page behind inert, focus returned), but a form, focused on its first field.
 */
export function FormDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy,
  error,
  onSubmit,
  onCancel,
  tone = 'dark',
}: FormDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { dialogRef, onKeyDown } = useModal({ open, busy, onCancel });
  // Only this form's submit events reach it.
  const submit = useSubmitOnce(async (event) => onSubmit(event as FormEvent<HTMLFormElement>));

  if (!open) return null;

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div id={bodyId} className="dialog-body">
          {description}
        </div>
        <form ref={formRef} className="dialog-form" onSubmit={submit} noValidate>
          {children}
          {error ? (
            <p id={errorId} role="alert" className="field-error">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </button>
            <button type="submit" className={`btn btn-${tone}`} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
