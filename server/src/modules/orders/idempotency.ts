import { createHash } from 'node:crypto';
import {
  idempotencyDecision,
  type IdempotencyClaim,
  type IdempotencyScope,
} from '../../domain/repeat-requests.js';
import { AppError } from '../../lib/app-error.js';
import type { OrderRecord, Store } from '../../store/store.js';

/** Visible ASCII, as Stripe's keys and the IETF draft's examples (UUIDs, ULIDs, random tokens). */
const KEY = /^[\x21-\x7e]{1,255}$/;

export const keyReused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request: send a new key',
    422,
  );

/**
 * The request's `Idempotency-Key` header as a claim on `scope`, fingerprinted with the request
 * (the target, such as a quote's id, and the parsed body): none without the header.
 */
export function idempotencyClaim(
  header: string | undefined,
  scope: IdempotencyScope,
  request: unknown,
): IdempotencyClaim | undefined {
  if (header === undefined) return undefined;
  if (!KEY.test(header))
    throw AppError.badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters', [
      { path: 'Idempotency-Key', message: 'Use 1 to 255 visible ASCII characters, such as a UUID' },
    ]);
  const fingerprint = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
  return { scope, key: header, fingerprint };
}

/**
 * The order an earlier attempt with this key placed, read before any other check (the retried
 * checkout finds its cart empty, the retried Buy Now less stock): null for a new key. The store
 * judges the key again inside the order's transaction, for attempts that arrive together.
 */
export async function replayedOrder(
  store: Pick<Store, 'orders'>,
  email: string,
  claim: IdempotencyClaim | undefined,
  now: Date,
): Promise<OrderRecord | null> {
  if (!claim) return null;
  const recorded = await store.orders.byIdempotencyKey(email, claim, now.toISOString());
  const decision = idempotencyDecision(recorded, claim);
  if (decision === 'REUSED') throw keyReused();
  return decision === 'REPLAY' ? recorded!.order : null;
}
