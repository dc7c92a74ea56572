import { getAccessToken } from '@/lib/access-token';
import { buildUrl } from '@/lib/api-client';
import type { OrderFilters } from './order-filters';

const FALLBACK_ERROR = "We couldn't export the orders. Please try again.";

function fileName(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'orders.csv';
}

/**
 * The filter's orders as a CSV file (every page). The file needs the access token, so it is
 * fetched and handed to the browser as a download rather than linked.
 */
export async function exportOrdersCsv({
  page: _page,
  ...filters
}: OrderFilters): Promise<{ blob: Blob; name: string }> {
  const token = getAccessToken();
  const response = await fetch(buildUrl('/orders/export.csv', { ...filters }), {
    headers: { Accept: 'text/csv', ...(token && { Authorization: `Bearer ${token}` }) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new Error(body?.error?.message ?? FALLBACK_ERROR);
  }
  return {
    blob: await response.blob(),
    name: fileName(response.headers.get('Content-Disposition')),
  };
}

/** Hands a fetched file to the browser's downloads. */
export function saveFile({ blob, name }: { blob: Blob; name: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
