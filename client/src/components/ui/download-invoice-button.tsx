import { useState } from 'react';
import { fetchFile, saveFile } from '@/lib/download-file';

const FALLBACK_ERROR = "We couldn't get the invoice. Please try again.";

/**
 * "Download invoice" for a paid order (the buyer's order card, the admin's orders table). In
 * `components/` because both the orders and the admin-orders features show it. The PDF needs
 * the access token, so it is fetched and handed to the browser as a file rather than linked.
 */
export function DownloadInvoiceButton({
  orderId,
  className = 'btn btn-secondary btn-sm',
}: {
  orderId: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(
        await fetchFile(`/order/${encodeURIComponent(orderId)}/invoice.pdf`, {
          accept: 'application/pdf',
          fallbackName: `invoice-${orderId}.pdf`,
          failure: FALLBACK_ERROR,
        }),
      );
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : FALLBACK_ERROR);
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
        {busy ? 'Preparing invoice…' : 'Download invoice'}
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </span>
  );
}
