import { useCallback, useEffect, useRef, useState } from 'react';
import './overlays.css';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: number;
  tone: ToastTone;
  text: string;
}

// Long enough to read twice; errors stay until dismissed so nobody misses them.
const SUCCESS_MS = 8000;

/** Local toast state for a screen: `show` replaces the current message. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const sequence = useRef(0);
  const show = useCallback((text: string, tone: ToastTone = 'success') => {
    sequence.current += 1;
    setToast({ id: sequence.current, tone, text });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}

interface ToastRegionProps {
  toast: ToastMessage | null;
  onDismiss: () => void;
}

/**
 * The spec's browser `alert()`s as toasts. Both live regions are always in the page, so a
 * message put into them is announced: successes politely (status), errors at once (alert).
 */
export function ToastRegion({ toast, onDismiss }: ToastRegionProps) {
  useEffect(() => {
    if (!toast || toast.tone === 'error') return;
    const timer = window.setTimeout(onDismiss, SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  const card = toast ? (
    <div key={toast.id} className={`toast toast-${toast.tone}`}>
      <p className="toast-text">{toast.text}</p>
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  ) : null;

  return (
    <div className="toast-region">
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast && toast.tone !== 'error' ? card : null}
      </div>
      <div role="alert" aria-atomic="true">
        {toast?.tone === 'error' ? card : null}
      </div>
    </div>
  );
}
