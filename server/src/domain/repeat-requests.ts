/**
 * Two decisions that keep a request from placing an order twice: a checkout's cart, read before
 * the order's transaction, must still be the same cart inside it; and a retried request carrying
 * an `Idempotency-Key` answers the order its first attempt placed. Both adapters call these inside
 * the order's transaction, so two requests at once are judged one after the other.
 */

export interface QuantityLine {
  toolId: string;
  quantity: number;
}

/**
 * `SAME` when the cart holds exactly the lines being ordered (each tool at its quantity, nothing
 * more); `EMPTY` when it holds nothing (another checkout took it); otherwise `CHANGED`.
 */
export function cartAgainst(
  ordered: readonly QuantityLine[],
  cart: readonly QuantityLine[],
): 'SAME' | 'EMPTY' | 'CHANGED' {
  if (cart.length === 0) return 'EMPTY';
  if (cart.length !== ordered.length) return 'CHANGED';
  const wanted = new Map(ordered.map((line) => [line.toolId, line.quantity]));
  return cart.every((line) => wanted.get(line.toolId) === line.quantity) ? 'SAME' : 'CHANGED';
}

/** Where a key was used: each route has keys of its own. */
export type IdempotencyScope = 'checkout' | 'order' | 'quote-accept' | 'shipment';

export interface IdempotencyClaim {
  scope: IdempotencyScope;
  key: string;
  /** A digest of the request (route, target and body): the same key must mean the same request. */
  fingerprint: string;
}

/** How long a key answers its first result: a day, as Stripe keeps its keys. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** The time (ISO) before which a key is forgotten, for a request made at `now`. */
export const idempotencyCutoff = (now: string) =>
  new Date(Date.parse(now) - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString();

/**
 * What a request does with a key already on record: `REPLAY` the order it placed, or refuse a
 * different request reusing it (`REUSED`); a key not on record (`NEW`) places as usual.
 */
export function idempotencyDecision(
  recorded: { fingerprint: string } | null,
  claim: IdempotencyClaim,
): 'NEW' | 'REPLAY' | 'REUSED' {
  if (!recorded) return 'NEW';
  return recorded.fingerprint === claim.fingerprint ? 'REPLAY' : 'REUSED';
}
