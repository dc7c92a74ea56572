import { useRef } from 'react';

/** 128 random bits in hex: `crypto.randomUUID` exists only on secure origins, this everywhere. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a request that places an order: the same key for every attempt (a
 * retry after a lost answer, a second click) until one places the order, then a new one. The
 * server answers a repeated key with the order it placed, never a second order.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    headers: () => ({ 'Idempotency-Key': (key.current ??= newIdempotencyKey()) }),
    placed: () => {
      key.current = null;
    },
  };
}
