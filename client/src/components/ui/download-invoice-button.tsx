import { useState } from 'react';
import { getAccessToken } from '@/lib/access-token';
import { buildUrl } from '@/lib/api-client';

const FALLBACK_ERROR = "We couldn't get the invoice. Please try again.";

function fileName(disposition: string | null, orderId: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `invoice-${orderId}.pdf`;
}

async function fetchInvoice(orderId: string): Promise<{ blob: Blob; name: string }> {
  const token = getAccessToken();
  const response = await fetch(buildUrl(`/order/${encodeURIComponent(orderId)}/invoice.pdf`), {
    headers: { Accept: 'application/pdf', ...(token && { Authorization: `Bearer ${token}` }) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new Error(body?.error?.message ?? FALLBACK_ERROR);
  }
  return {
    blob: await response.blob(),
    name: fileName(response.headers.get('Content-Disposition'), orderId),
  };
}

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
      const { blob, name } = await fetchInvoice(orderId);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked after the click has been handled, so the download has its data.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
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
