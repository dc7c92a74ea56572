import fc from 'fast-check';
import Stripe from 'stripe';
import type { BadRequest } from './bad-input-requests.js';

/**
 * Stripe webhook deliveries that are not a usable event: no signature, a forged or stale one, or a
 * correctly signed payload that is not an event at all (what a leaked secret or a Stripe API
 * change could bring). A signed, well-formed event is always acknowledged, so none is sent here.
 */

// Only for signing payloads exactly as Stripe does.
const signer = new Stripe('sk_test_signer_only');

const NOT_EVENTS = [
  'not json',
  '',
  '[]',
  'null',
  '{}',
  '{"id":"evt_fuzz"}',
  '{"id":"evt_fuzz","type":"payment_intent.succeeded"}',
  '{"id":"evt_fuzz","type":"payment_intent.succeeded","data":null}',
  '{"id":"evt_fuzz","type":"payment_intent.succeeded","data":{}}',
  '{"id":"evt_fuzz","type":"payment_intent.succeeded","data":{"object":null}}',
  '{"id":"evt_fuzz","type":"payment_intent.succeeded","data":{"object":"pi_1"}}',
  '{"id":{"$gt":""},"type":"payment_intent.succeeded","data":{"object":{}}}',
  '{"id":"evt_fuzz","type":["payment_intent.succeeded"],"data":{"object":{}}}',
];

const anyPayload = fc.oneof(fc.constantFrom(...NOT_EVENTS), fc.json({ maxDepth: 2 }));

export function badWebhook(secret: string): fc.Arbitrary<BadRequest> {
  const make = (kind: string, payload: string, signature?: string): BadRequest => ({
    method: 'post',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    body: Buffer.from(payload),
    kind,
  });
  return fc.oneof(
    anyPayload.map((p) => make('unsigned', p)),
    fc
      .tuple(
        anyPayload,
        fc.constantFrom('', 'garbage', 't=1,v1=abc', 't=,v1=', 'v1=' + 'a'.repeat(64)),
      )
      .map(([p, sig]) => make(`forged signature ${sig}`, p, sig)),
    anyPayload.map((p) =>
      make(
        'signed with another secret',
        p,
        signer.webhooks.generateTestHeaderString({ payload: p, secret: 'whsec_not_ours' }),
      ),
    ),
    anyPayload.map((p) =>
      make(
        'stale signature',
        p,
        signer.webhooks.generateTestHeaderString({ payload: p, secret, timestamp: 1_000_000 }),
      ),
    ),
    fc
      .constantFrom(...NOT_EVENTS)
      .map((p) =>
        make(
          'signed, not an event',
          p,
          signer.webhooks.generateTestHeaderString({ payload: p, secret }),
        ),
      ),
  );
}
