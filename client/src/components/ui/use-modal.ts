import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalOptions {
  open: boolean;
  /** Escape does nothing while the dialog's action runs. */
  busy: boolean;
  onCancel: () => void;
  /** Where focus goes on opening; the first focusable element when not given. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal's keyboard and focus rules: while open, the page behind (every other child of `body`)
 * is inert, focus moves in and Tab keeps it inside, Escape cancels, and focus returns to whatever
 * opened it. Put `dialogRef` and `onKeyDown` on the dialog, rendered in a `.dialog-backdrop`.
 */
export function useModal({ open, busy, onCancel, initialFocus }: ModalOptions) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const host = dialogRef.current?.closest('.dialog-backdrop');
    const hidden = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== host && !el.inert,
    );
    for (const el of hidden) el.inert = true;
    (initialFocus?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      for (const el of hidden) el.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

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
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { dialogRef, onKeyDown };
}
