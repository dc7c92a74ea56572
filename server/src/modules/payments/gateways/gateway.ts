/**
 * The payment gateway port. The payments module talks to this only; `stripe-gateway.ts` and
 * `test-gateway.ts` are the adapters, and `index.ts` picks one from the config.
 */

export interface CreateIntentInput {
  /** The order paid; for an invoice's balance, the invoice's order. */
  orderId: string;
  /** Set when the intent pays an invoice on terms (its balance), not an order. */
  invoiceNumber?: string;
  amountCents: number;
  /** ISO code, lower case ("usd"). */
  currency: string;
  /** The same key answers the same intent, so a retried or doubled request never pays twice. */
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** Stripe's PaymentIntent statuses; the test gateway uses the same words. */
export type PaymentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** What the shop needs to know about a payment to trust it. */
export interface PaymentInfo {
  id: string;
  status: PaymentStatus | (string & {});
  amountCents: number;
  currency: string;
  /** From the intent's metadata; null when it carries none. */
  orderId: string | null;
  /** From the metadata: the invoice on terms this payment is for (not its order's payment). */
  invoiceNumber?: string;
  /** Present when the gateway tells it (retrieving with the secret key does). */
  clientSecret?: string;
}

/** A verified gateway notification, reduced to what the shop acts on. */
export interface GatewayEvent {
  id: string;
  type: string;
  /** The PaymentIntent the event is about, for `payment_intent.*` events. */
  payment?: PaymentInfo;
  /** For `charge.refunded`: the charge's payment and whether all of it is refunded now. */
  refund?: ChargeRefund;
}

export interface ChargeRefund {
  paymentIntentId: string;
  /** True when the whole charge is refunded. */
  full: boolean;
  /** The newest refund's id, when the event lists it. */
  refundId?: string;
  /** The newest refund's amount, when the event lists it (a partial refund in the Dashboard). */
  refundCents?: number;
}

export interface RefundResult {
  /** The gateway's refund id (`re_...`); the same for a repeated refund of one payment. */
  id: string;
}

/** Part of a payment given back (issue 53): its amount, and the key that makes a retry the same. */
export interface PartialRefund {
  amountCents: number;
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly kind: 'stripe' | 'test';
  /** Given to the browser for Stripe.js; undefined for the test gateway. */
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** Null when the gateway knows no such payment. */
  retrieve(id: string): Promise<PaymentInfo | null>;
  /**
   * Stops a payment that has not gone through, so it can never charge. Answers where the payment
   * stands afterwards: `canceled`, or `succeeded` / `processing` when it is too late to stop it;
   * null when the gateway knows no such payment.
   */
  cancel(id: string): Promise<PaymentInfo | null>;
  /**
   * Gives back all of a succeeded payment (an order that could not be honoured). Idempotent:
   * refunding the same payment again does nothing more and answers the same refund.
   */
  refund(paymentIntentId: string, partial?: PartialRefund): Promise<RefundResult>;
  /** Checks a webhook's signature over the raw body; throws a 400 AppError when it fails. */
  verifyWebhook(rawBody: unknown, signature: string | undefined): GatewayEvent;
}
