/**
 * Where uploaded tool photos are kept: a local folder by default (local-storage.ts), an
 * S3-compatible bucket when one is configured (s3-storage.ts). Keys are made by the server only
 * (`<toolId>/<imageId>-<width>.webp`), never taken from a request as they are.
 */
export interface ImageStorage {
  /** Writes the file whole (a reader never sees half of it). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the files; missing ones are no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Where a browser fetches the file. */
  url(key: string): string;
}

/** The API's own route for stored files (GET /api/images/:toolId/:file). */
export const apiImageUrl = (key: string) => `/api/images/${key}`;

/** A bucket's photo: from its public URL when it has one, else through the API. */
export const publicImageUrl = (publicUrl: string | undefined, key: string) =>
  publicUrl ? `${publicUrl}/${key}` : apiImageUrl(key);

export const imageKey = (toolId: string, imageId: string, width: number) =>
  `${toolId}/${imageId}-${width}.webp`;
