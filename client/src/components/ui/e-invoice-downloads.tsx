import { useState } from 'react';
import { fetchFile, saveFile } from '@/lib/download-file';
import './e-invoice-downloads.css';

/**
 * Where a document's files are: an order's invoice or credit note (by the order), or an invoice
 * on terms (by its number).
 */
export type EInvoiceSource =
  { orderId: string; document?: 'invoice' | 'credit-note' } | { number: string };

const FORMATS = [
  { key: 'pdf', label: 'PDF (Factur-X)' },
  { key: 'ubl', label: 'XRechnung UBL' },
  { key: 'cii', label: 'XRechnung CII' },
] as const;
type Format = (typeof FORMATS)[number]['key'];

function request(source: EInvoiceSource, format: Format) {
  const pdf = format === 'pdf';
  const query = pdf ? undefined : { syntax: format };
  if ('number' in source) {
    const number = encodeURIComponent(source.number);
    return { path: `/invoices/${number}/${pdf ? 'pdf' : 'xml'}`, query };
  }
  const document = source.document ?? 'invoice';
  const path = `/order/${encodeURIComponent(source.orderId)}/${document}.${pdf ? 'pdf' : 'xml'}`;
  return { path, query };
}

/**
 * Issue 52: a document's e-invoice downloads, beside its PDF button: the Factur-X PDF (the
 * PDF with its EN 16931 XML inside) and the XRechnung 3.0 XML in UBL and CII. In `components/`
 * because the orders and invoices features both show it. `name` ends each button's accessible
 * name (the invoice's number), so a row of several invoices stays tellable apart.
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
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (format: Format) => {
    setBusy(format);
    setError(null);
    const pdf = format === 'pdf';
    const failure = `We couldn't get ${name}. Please try again.`;
    try {
      const { path, query } = request(source, format);
      saveFile(
        await fetchFile(path, {
          ...(query && { query }),
          accept: pdf ? 'application/pdf' : 'application/xml',
          fallbackName: pdf ? `${name}.pdf` : `${name}-xrechnung-${format}.xml`,
          failure,
        }),
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <span className="e-invoice-downloads">
      {FORMATS.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          className={className}
          aria-label={`${label} ${name}`}
          onClick={() => void download(key)}
          disabled={busy !== null}
          aria-busy={busy === key}
        >
          {label}
        </button>
      ))}
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
