import { formatPrice } from '@toolworks/contract/format';
import { centsToDollars } from '@toolworks/contract/fields';
import { belowMinimumMessage } from '@toolworks/contract/order-messages';
import { AppError } from '../../lib/app-error.js';
import { quantityNotMultiple } from '../../lib/quantity-errors.js';
import type {
  FailedLine,
  PayOnInvoice,
  NewOrderLine,
  OrderRecord,
  Store,
  UserRecord,
} from '../../store/store.js';
import { REMOVED_ACCOUNT_MESSAGE } from '../../auth/index.js';
import { creditLimitExceeded, notOnTerms } from '../invoices/index.js';
import type { OrderNotifier } from './expiry.js';
import type { IdempotencyClaim } from '../../domain/repeat-requests.js';
import type { LinePricing } from '../../domain/order-lines.js';
import type { OrderTaxContext } from '../../domain/order-tax.js';
import { keyReused } from './idempotency.js';

const DAY_MS = 24 * 60 * 60_000;

export interface PlaceDeps {
  store: Pick<Store, 'orders'>;
  now: () => Date;
  reservationMinutes: number;
  maxUnpaid: number;
  /** Days an order awaiting approval holds its stock; absent: until someone decides. */
  approvalWindowDays?: number;
  /**
   * Queues the order emails: with it, the store queues the "order placed" email in the order's
   * own transaction, and the approvers are asked after it commits.
   */
  notifier?: Pick<OrderNotifier, 'requestApproval'>;
}

export interface PlaceLinesRequest {
  lines: NewOrderLine[];
  userName?: string;
  userPhone: string;
  userAddress: string;
  poReference?: string;
  expectedTotalCents?: number;
  /** The lines are the buyer's cart as read: the store checks it is unchanged, then empties it. */
  fromCart?: boolean;
  /** A retried request's key: an order already placed with it is answered, not placed again. */
  idempotency?: IdempotencyClaim;
  /** Pay on invoice: confirmed on the company's terms in the same write (pay-on-invoice.ts). */
  payOnInvoice?: PayOnInvoice;
  /** Whose prices (a company member's price lists), as the buyer was shown them. */
  pricing?: LinePricing;
  /** How its lines are taxed (modules/tax): the total then includes the tax. */
  tax?: OrderTaxContext;
}

type PlaceResult = Awaited<ReturnType<Store['orders']['place']>>;
export type PlaceFailure = Exclude<PlaceResult, { ok: true } | { reason: 'USER_REMOVED' }>;

/** The buyer was removed while ordering: the same answer as any call of a removed account. */
export const removedBuyer = () => AppError.unauthenticated(REMOVED_ACCOUNT_MESSAGE);

export const tooManyUnpaid = (unpaid: number) =>
  AppError.conflict(`You have ${unpaid} unpaid orders: pay or cancel one before ordering more.`);

export const priceChanged = (message: string, details: unknown) =>
  new AppError('PRICE_CHANGED', message, 409, details);

const describe = (lines: FailedLine[]) => lines.map((line) => line.name || line.toolId).join(', ');

/** The checkout's answer for a refusal that names lines (a one-tool Buy Now has its own). */
export function lineFailure(failure: PlaceFailure): AppError {
  switch (failure.reason) {
    case 'TOO_MANY_UNPAID':
      return tooManyUnpaid(failure.unpaid);
    case 'PRICE_CHANGED': {
      const total = centsToDollars(failure.totalCents);
      return priceChanged(`The prices have changed: the total is now ${formatPrice(total)}`, {
        total,
      });
    }
    case 'BELOW_MINIMUM': {
      const details = failure.lines.map((line) => ({
        path: `items.${line.toolId}.quantity`,
        message: `${line.name}: ${belowMinimumMessage(line.minimumOrderQuantity)}`,
      }));
      return AppError.badRequest(details.map((d) => d.message).join('; '), details);
    }
    case 'QUANTITY_NOT_MULTIPLE':
      return quantityNotMultiple(failure.lines);
    case 'NOT_ON_TERMS':
      return notOnTerms();
    case 'CREDIT_LIMIT_EXCEEDED':
      return creditLimitExceeded(failure.availableCents);
    case 'CART_EMPTY':
      return AppError.badRequest('Your cart is empty');
    case 'CART_CHANGED':
      return AppError.conflict(
        'Your cart changed while you checked out: review it and place the order again',
      );
    case 'IDEMPOTENCY_KEY_REUSED':
      return keyReused();
    case 'QUOTE_CHANGED':
      // Only an acceptance names a quote (quotes.service.ts); kept total for the type's sake.
      return AppError.conflict('This quote changed: reload it and try again');
    default:
      return new AppError(
        'OUT_OF_STOCK',
        `Sorry, not enough stock for: ${describe(failure.lines)}. Nothing was reserved.`,
        409,
        failure.lines.map(({ toolId, name, availableQuantity }) => ({
          toolId,
          name,
          availableQuantity,
        })),
      );
  }
}

/**
 * Places one order for the lines, reserving each line's stock until the reservation ends (or,
 * for a company member's order above their spending limit, until an approver decides: the store
 * places it `awaiting_approval`, and the approvers are emailed here). The
 * caller expires due orders first (`createExpiry`), so their stock and the buyer's unpaid count
 * are current: Buy Now does it before its quantity check, and once is enough.
 */
export async function placeLines(
  deps: PlaceDeps,
  caller: UserRecord,
  request: PlaceLinesRequest,
): Promise<{ ok: true; order: OrderRecord; replayed?: true } | PlaceFailure> {
  const now = deps.now();
  const result = await deps.store.orders.place({
    lines: request.lines,
    userName: request.userName ?? caller.name ?? caller.email,
    userEmail: caller.email,
    userPhone: request.userPhone,
    userAddress: request.userAddress,
    ...(request.poReference !== undefined && { poReference: request.poReference }),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.reservationMinutes * 60_000).toISOString(),
    ...(deps.approvalWindowDays && {
      approvalExpiresAt: new Date(now.getTime() + deps.approvalWindowDays * DAY_MS).toISOString(),
    }),
    maxUnpaid: deps.maxUnpaid,
    ...(request.expectedTotalCents !== undefined && {
      expectedTotalCents: request.expectedTotalCents,
    }),
    ...(request.fromCart && { fromCart: true }),
    ...(request.idempotency && { idempotency: request.idempotency }),
    ...(request.payOnInvoice && { payOnInvoice: request.payOnInvoice }),
    ...(request.pricing && { pricing: request.pricing }),
    ...(request.tax && { tax: request.tax }),
    ...(deps.notifier && { emailBuyer: true }),
  });
  if (!result.ok && result.reason === 'USER_REMOVED') throw removedBuyer();
  // A replayed order asked its approvers when it was placed.
  if (result.ok && !result.replayed) await deps.notifier?.requestApproval(result.order);
  return result;
}
