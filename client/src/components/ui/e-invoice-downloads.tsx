import { useEffect, useId, useRef, useState } from 'react';
import { fetchFile, saveFile } from '@/lib/download-file';
import './e-invoice-downloads.css';

/**
 * Where a document's files are: an order's invoice or credit note (by the order), or an invoice
 * on terms (by its number).
 */
export type EInvoiceSource =
  { orderId: string; document?: 'invoice' | 'credit-note' } | { number: string };

/** The XRechnung 3.0 XML in either syntax; the PDF beside this menu is the Factur-X one. */
const FORMATS = [
  { key: 'ubl', label: 'UBL (XML)' },
  { key: 'cii', label: 'CII (XML)' },
] as const;
type Format = (typeof FORMATS)[number]['key'];

function request(source: EInvoiceSource, syntax: Format) {
  const query = { syntax };
  if ('number' in source)
    return { path: `/invoices/${encodeURIComponent(source.number)}/xml`, query };
  const document = source.document ?? 'invoice';
  return { path: `/order/${encodeURIComponent(source.orderId)}/${document}.xml`, query };
}

/**
 * Issue 52: a document's XRechnung downloads, beside its PDF button (every PDF the shop issues is
 * a Factur-X hybrid, its EN 16931 XML inside): one "XRechnung" menu with the XML in UBL and in
 * CII, so a row of actions stays one line. In `components/` because the orders and invoices
 * features both show it. `name` ends each item's accessible name (the invoice's number), so a row
 * of several invoices stays tellable apart.
 */
export function EInvoiceDownloads({
  source,
  name,
  className = 'btn btn-secondary btn-sm',
}: {
  source: EInvoiceSource;
  name: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLSpanElement>(null);

  // A click or tap elsewhere closes the menu, and so does Escape wherever the focus is.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  const download = async (format: Format) => {
    setBusy(format);
    setError(null);
    const failure = `We couldn't get ${name}. Please try again.`;
    try {
      const { path, query } = request(source, format);
      saveFile(
        await fetchFile(path, {
          query,
          accept: 'application/xml',
          fallbackName: `${name}-xrechnung-${format}.xml`,
          failure,
        }),
      );
      close(true);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <span
      ref={root}
      className="e-invoice-downloads"
      onBlur={(event) => {
        // Tabbing on past the menu and its button closes it, as a click elsewhere does.
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) close(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={className}
        aria-label={`XRechnung ${name}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
      >
        XRechnung <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <span id={menuId} className="e-invoice-menu" role="group" aria-label={`XRechnung ${name}`}>
          {FORMATS.map(({ key, label }, index) => (
            <button
              key={key}
              type="button"
              className="e-invoice-menu-item"
              aria-label={`XRechnung ${key.toUpperCase()} ${name}`}
              // Opening the menu moves into it, where the keyboard expects the choices.
              autoFocus={index === 0}
              onClick={() => void download(key)}
              disabled={busy !== null}
              aria-busy={busy === key}
            >
              {label}
            </button>
          ))}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
