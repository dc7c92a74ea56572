import { getAccessToken } from '@/lib/access-token';
import { buildUrl, type QueryParams } from '@/lib/api-client';

export interface DownloadedFile {
  blob: Blob;
  name: string;
}

/**
 * A file from the API that needs the access token (an invoice PDF, an orders CSV): fetched with
 * it, since a plain link cannot carry it. The name comes from Content-Disposition; a refusal
 * throws the API's own message, or `failure` when it has none.
 */
export async function fetchFile(
  path: string,
  {
    query,
    accept,
    fallbackName,
    failure,
  }: { query?: QueryParams; accept: string; fallbackName: string; failure: string },
): Promise<DownloadedFile> {
  const token = getAccessToken();
  const response = await fetch(buildUrl(path, query), {
    headers: { Accept: accept, ...(token && { Authorization: `Bearer ${token}` }) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new Error(body?.error?.message ?? failure);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return {
    blob: await response.blob(),
    name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName,
  };
}

/** Hands a fetched file to the browser's downloads. */
export function saveFile({ blob, name }: DownloadedFile): void {
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
