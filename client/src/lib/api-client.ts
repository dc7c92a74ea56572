import type { ErrorCode } from '@toolworks/contract/errors';
import { env } from '@/config/env';
import { getAccessToken } from './access-token';

export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach the shop. Check your connection and try again.";

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler | undefined;

// The accounts feature registers "sign out and go to /home" here, so that every call shares
// one policy instead of each hook re-implementing it.
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  onUnauthorized = handler;
}

export type QueryParams = Record<string, string | number | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  // 401 always means the session is gone. 403 usually means "not allowed" and the screen
  // says so, but the spec signs out on a 403 from the orders call: such calls pass [401, 403].
  signOutOn?: readonly number[];
}

export function buildUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${env.apiUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } })
    ?.error;
  if (error && typeof error.message === 'string' && typeof error.code === 'string') {
    return new ApiError(status, error.code as ErrorCode, error.message, error.details);
  }
  return new ApiError(
    status,
    'HTTP_ERROR',
    `Something went wrong (error ${status}). Please try again.`,
  );
}

export async function request<T>(path: string, options: RequestOptions = {}) {
  const { method = 'GET', body, query, signal, signOutOn = [401] } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A call that brings its own credentials (the token exchange sends a Firebase ID token) keeps them.
  const token = options.headers?.Authorization ? undefined : getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A file (a tool's photo) goes as its own bytes with its own type; anything else as JSON.
  const file = body instanceof Blob ? body : undefined;
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const data = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response.status, data);
    if (token && signOutOn.includes(response.status)) onUnauthorized?.(error);
    throw error;
  }
  if (import.meta.env.DEV) await checkContract(method, path, data);
  return { data: data as T, headers: response.headers };
}

// Development and tests check every answer against the contract; the module (and zod) stays out
// of production bundles, where `import.meta.env.DEV` is false and the import is dropped.
async function checkContract(method: string, path: string, data: unknown) {
  const { checkResponse } = await import('./response-contract');
  try {
    checkResponse(method, path, data);
  } catch (error) {
    console.error(error);
    throw error;
  }
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A list answer as a page, its total from X-Total-Count (for a call that reads other headers too). */
export function toPage<T>(data: unknown, headers: Headers): Page<T> {
  const items = (Array.isArray(data) ? data : []) as T[];
  const header = headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length };
}

export const api = {
  get: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await request<T>(path, options)).data,
  // Lists carry their total in X-Total-Count so paging needs no second call.
  getPage: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => {
    const { data, headers } = await request<T[]>(path, options);
    return toPage<T>(data, headers);
  },
  post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await request<T>(path, { ...options, method: 'POST', body })).data,
  put: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await request<T>(path, { ...options, method: 'PUT', body })).data,
  patch: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
    (await request<T>(path, { ...options, method: 'PATCH', body })).data,
  delete: async <T>(path: string, options?: RequestOptions) =>
    (await request<T>(path, { ...options, method: 'DELETE' })).data,
};
