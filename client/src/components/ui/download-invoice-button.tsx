import { useState } from 'react';
import { fetchFile, saveFile } from '@/lib/download-file';

const DOCUMENTS = {
  invoice: { path: 'invoice.pdf', name: 'invoice' },
  'credit-note': { path: 'credit-note.pdf', name: 'credit note' },
} as const;

/**
 * "Download invoice" for a paid order and "Download credit note" for a refunded one (the
 * buyer's order card and page, the admin's orders table). In `components/` because both the
 * orders and the admin-orders features show it. The PDF needs the access token, so it is
 * fetched and handed to the browser as a file rather than linked.
 */
export function DownloadInvoiceButton({
  orderId,
  document = 'invoice',
  className = 'btn btn-secondary btn-sm',
}: {
  orderId: string;
  document?: keyof typeof DOCUMENTS;
  className?: string;
}) {
  const { path, name } = DOCUMENTS[document];
  const failure = `We couldn't get the ${name}. Please try again.`;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(
        await fetchFile(`/order/${encodeURIComponent(orderId)}/${path}`, {
          accept: 'application/pdf',
          fallbackName: `${document}-${orderId}.pdf`,
          failure,
        }),
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="download-invoice">
      <button
        type="button"
        className={className}
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? `Preparing ${name}…` : `Download ${name}`}
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </span>
  );
}
