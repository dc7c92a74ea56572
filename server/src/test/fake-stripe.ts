import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the few Stripe API endpoints the shop calls, so the real `stripe` SDK can be
 * tested offline (`STRIPE_API_HOST`). It speaks Stripe's wire format: form-encoded bodies,
 * bearer secret keys, `Idempotency-Key`, and Stripe's error body.
 */

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
}

export interface FakeStripe {
  /** For STRIPE_API_HOST. */
  host: string;
  secretKey: string;
  intents: Map<string, FakeIntent>;
  /** Every request, in order: method, path, form body, idempotency key. */
  requests: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }>;
  /** Refunds created, by payment intent id (Stripe's `refunds.create({ payment_intent })`). */
  refunds: Array<{ id: string; payment_intent: string; amount: number }>;
  /** What confirming on Stripe's side would do; or any other status. */
  setStatus(id: string, status: string): FakeIntent;
  /** An intent made outside the shop (a forger's, or one for some other amount). */
  addIntent(fields: {
    amount: number;
    currency?: string;
    orderId?: string;
    status?: string;
  }): FakeIntent;
  close(): Promise<void>;
}

// Stripe's minimum charge for USD.
const MINIMUM_AMOUNT = 50;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_fake_${Date.now()}`,
  });
  res.end(JSON.stringify(body));
}

const stripeError = (type: string, code: string, message: string, param?: string) => ({
  error: { type, code, message, ...(param ? { param } : {}) },
});

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeStripe(secretKey = 'sk_test_fake_toolworks'): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, { id: string; params: string }>();
  const requests: FakeStripe['requests'] = [];
  const refunds: FakeStripe['refunds'] = [];
  const refundByKey = new Map<string, FakeStripe['refunds'][number]>();
  let sequence = 0;

  const makeIntent = (
    amount: number,
    currency: string,
    metadata: Record<string, string>,
    status = 'requires_payment_method',
  ) => {
    sequence += 1;
    const id = `pi_fake${String(sequence).padStart(6, '0')}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      status,
      client_secret: `${id}_secret_fake${sequence}`,
      metadata,
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  };

  const create = (res: ServerResponse, body: URLSearchParams, key: string | undefined) => {
    const params = body.toString();
    const previous = key ? byKey.get(key) : undefined;
    if (previous) {
      if (previous.params !== params) {
        return send(
          res,
          400,
          stripeError(
            'idempotency_error',
            'idempotency_key_in_use',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          ),
        );
      }
      return send(res, 200, intents.get(previous.id));
    }
    const amount = Number(body.get('amount'));
    const currency = body.get('currency') ?? '';
    if (!Number.isInteger(amount) || amount < MINIMUM_AMOUNT) {
      return send(
        res,
        400,
        stripeError(
          'invalid_request_error',
          'amount_too_small',
          `Amount must be at least $0.50 ${currency}`,
          'amount',
        ),
      );
    }
    const metadata: Record<string, string> = {};
    for (const [name, value] of body) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const intent = makeIntent(amount, currency, metadata);
    if (key) byKey.set(key, { id: intent.id, params });
    return send(res, 200, intent);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const body = await readForm(req);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(
          res,
          401,
          stripeError('invalid_request_error', 'api_key_invalid', 'Invalid API Key provided'),
        );
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents')
        return create(res, body, idempotencyKey);
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const previous = idempotencyKey ? refundByKey.get(idempotencyKey) : undefined;
        if (previous) return send(res, 200, { object: 'refund', status: 'succeeded', ...previous });
        const intent = intents.get(body.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded') {
          const message = `This PaymentIntent (${body.get('payment_intent')}) does not have a successful charge to refund.`;
          return send(
            res,
            400,
            stripeError('invalid_request_error', 'charge_not_refundable', message),
          );
        }
        const refund = {
          id: `re_fake${refunds.length + 1}`,
          payment_intent: intent.id,
          // A partial refund names its amount (issue 53); without one, the whole payment.
          amount: body.get('amount') ? Number(body.get('amount')) : intent.amount,
        };
        refunds.push(refund);
        if (idempotencyKey) refundByKey.set(idempotencyKey, refund);
        return send(res, 200, { object: 'refund', status: 'succeeded', ...refund });
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancel?.[1]) {
        const intent = intents.get(decodeURIComponent(cancel[1]));
        if (!intent) {
          const message = `No such payment_intent: '${cancel[1]}'`;
          return send(res, 404, stripeError('invalid_request_error', 'resource_missing', message));
        }
        // As on Stripe: a payment that went through, or is going through, cannot be cancelled.
        if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
          const message = `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`;
          return send(
            res,
            400,
            stripeError('invalid_request_error', 'payment_intent_unexpected_state', message),
          );
        }
        intent.status = 'canceled';
        return send(res, 200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match?.[1]) {
        const intent = intents.get(decodeURIComponent(match[1]));
        if (intent) return send(res, 200, intent);
        return send(
          res,
          404,
          stripeError(
            'invalid_request_error',
            'resource_missing',
            `No such payment_intent: '${match[1]}'`,
            'intent',
          ),
        );
      }
      return send(
        res,
        404,
        stripeError(
          'invalid_request_error',
          'resource_missing',
          `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        ),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: `127.0.0.1:${port}`,
    secretKey,
    intents,
    requests,
    refunds,
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`The fake knows no intent ${id}`);
      intent.status = status;
      return intent;
    },
    addIntent({ amount, currency = 'usd', orderId, status = 'succeeded' }) {
      return makeIntent(amount, currency, orderId ? { orderId } : {}, status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
