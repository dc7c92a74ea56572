import { orderTaxContextsFor } from '../tax/index.js';
import { decideOrderTax } from '../../domain/order-tax.js';
import { formatPrice } from '@toolworks/contract/format';
import { ABOVE_STOCK_MESSAGE, belowMinimumMessage } from '@toolworks/contract/order-messages';
import type { DeleteOrderResponse, Order } from '@toolworks/contract/orders';
import { AppError } from '../../lib/app-error.js';
import { quantityNotMultiple } from '../../lib/quantity-errors.js';
import type { Id, OrderRecord, Store, ToolRecord, UserRecord } from '../../store/store.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { dollarsToCents, centsToDollars } from '@toolworks/contract/fields';
import { toOrderWire } from './order-wire.js';
import { availableToPromise, dayOf, maxOrderable } from '@toolworks/contract/availability';
import { createOrderAccess } from '../../domain/order-access.js';
import { UNSPENT_STATUSES } from '../../domain/order-status.js';
import type { ExpireDueOrders, OrderNotifier } from './expiry.js';
import { placeLines, priceChanged, tooManyUnpaid, type PlaceDeps } from './place-order.js';
import { idempotencyClaim, keyReused, replayedOrder } from './idempotency.js';
import { createPricing, priceFor, type PricingStore } from '../pricing/index.js';
import { lineTotalCents } from '../../domain/pricing.js';

export interface PlaceOrderRequest {
  toolId: Id;
  quantity: number;
  userName?: string;
  userPhone: string;
  userAddress: string;
  /** Dollars: the unit price the buyer was shown. */
  expectedUnitPrice?: number;
  shipToCountry?: string | undefined;
  shipToState?: string | undefined;
}

export interface OrdersServiceDeps {
  store: Pick<Store, 'orders' | 'tools' | 'companies' | 'taxLedger' | 'taxSettings'> & PricingStore;
  payments: Pick<PaymentGateway, 'cancel'>;
  logger: Logger;
  config: Pick<Config, 'orders' | 'payments' | 'tax'>;
  now: () => Date;
  /** Queues the order's emails after a change (server/src/mail); absent, nothing is sent. */
  notifier?: OrderNotifier;
  /** Ends the reservations that ran out; built once where the app is assembled (app.ts). */
  expire: ExpireDueOrders;
}

const quantityError = (message: string) =>
  AppError.badRequest(message, [{ path: 'quantity', message }]);

const outOfStock = (tool: ToolRecord) =>
  new AppError('OUT_OF_STOCK', `Sorry, ${tool.name} is out of stock right now`, 409);

/**
 * The quantity must lie between the tool's minimum order and what it can promise: its stock, or
 * with backorders allowed also its incoming batches and, with a lead time, any quantity. Asking
 * more than that, while it could still fill an order, is the buyer's to correct (400, naming the
 * limit); one that cannot fill even the minimum is gone for everyone (409), as when a rival
 * order took it.
 */
export function checkQuantity(
  quantity: number,
  tool: ToolRecord,
  now: Date,
  /** The buyer's minimum: a company's price list may set its own. */
  minimum = tool.minimumOrderQuantity,
): void {
  if (quantity < minimum) {
    throw quantityError(belowMinimumMessage(minimum));
  }
  const most = maxOrderable(availableToPromise(tool, dayOf(now)));
  if (most < minimum) throw outOfStock(tool);
  if (quantity > most) {
    throw quantityError(`${ABOVE_STOCK_MESSAGE}: at most ${most} products are available`);
  }
}

const ownOrAdmin = (caller: UserRecord, order: OrderRecord) =>
  caller.role === 'admin' || order.userEmail === caller.email.toLowerCase();

/** The buyer's unit price now (a contract's or the tool's volume price), in cents. */
const unitPriceChanged = (tool: ToolRecord, unitCents: number) => {
  const unitPrice = centsToDollars(unitCents);
  return priceChanged(
    `The price of ${tool.name} has changed: it is now ${formatPrice(unitPrice)}`,
    {
      unitPrice,
    },
  );
};

export function createOrdersService(deps: OrdersServiceDeps) {
  const { store, payments } = deps;
  const { expire } = deps;
  const access = createOrderAccess(store);
  const pricing = createPricing(deps);
  const taxes = orderTaxContextsFor(deps);
  const placeDeps: PlaceDeps = {
    store,
    now: deps.now,
    reservationMinutes: deps.config.orders.reservationMinutes,
    maxUnpaid: deps.config.orders.maxUnpaid,
    approvalWindowDays: deps.config.orders.approvalWindowDays,
    ...(deps.notifier && { notifier: deps.notifier }),
  };
  const findTool = async (id: Id) => {
    const tool = await store.tools.get(id);
    if (!tool) throw AppError.notFound('Tool not found');
    return tool;
  };

  /** Someone else's order answers 404 like a missing one, so ids reveal nothing. */
  const findVisibleOrder = async (caller: UserRecord, id: Id) => {
    await expire();
    const order = await store.orders.get(id);
    if (!order || !(await access.canSee(caller, order))) throw AppError.notFound('Order not found');
    return order;
  };

  return {
    /** Priced on the server from the stored tool; the stock is reserved in the same step. */
    /** Buy Now; with an `Idempotency-Key`, a retry answers the order it placed (`replayed`). */
    async place(
      caller: UserRecord,
      request: PlaceOrderRequest,
      idempotencyKey?: string,
    ): Promise<{ order: Order; replayed: boolean }> {
      const claim = idempotencyClaim(idempotencyKey, 'order', request);
      const earlier = await replayedOrder(store, caller.email, claim, deps.now());
      if (earlier) return { order: toOrderWire(earlier), replayed: true };
      // Ended reservations first: the quantity check must see the stock they give back.
      await expire();
      const tool = await findTool(request.toolId);
      // Priced as the tool page showed it: the buyer's contract lists, else the tool's own.
      const linePricing = await pricing.pricingFor(caller, [tool.sku]);
      const priced = (t: ToolRecord) => priceFor(t, request.quantity, linePricing, deps.now());
      checkQuantity(request.quantity, tool, deps.now(), priced(tool).minimumOrderQuantity);
      const expectedCents =
        request.expectedUnitPrice === undefined
          ? undefined
          : dollarsToCents(request.expectedUnitPrice);
      const unitCents = priced(tool).unitPriceCents;
      if (expectedCents !== undefined && expectedCents !== unitCents)
        throw unitPriceChanged(tool, unitCents);
      const tax = await taxes.contextFor(caller, request, deps.now());
      // The price shown is per the tool's basis (per 100 rivets): the total is the line's, and
      // its tax when the shop's prices are net.
      const expectedTotalCents =
        expectedCents !== undefined &&
        decideOrderTax(
          [
            {
              taxClass: tool.taxClass,
              lineTotalCents: lineTotalCents(
                request.quantity,
                expectedCents,
                priced(tool).priceBasis,
              ),
            },
          ],
          tax,
          dayOf(deps.now()),
        ).totalCents;
      const result = await placeLines(placeDeps, caller, {
        lines: [{ toolId: request.toolId, quantity: request.quantity }],
        ...(request.userName !== undefined && { userName: request.userName }),
        userPhone: request.userPhone,
        userAddress: request.userAddress,
        ...(expectedTotalCents !== false && { expectedTotalCents }),
        ...(claim && { idempotency: claim }),
        pricing: linePricing,
        tax,
      });
      if (result.ok)
        return { order: toOrderWire(result.order), replayed: Boolean(result.replayed) };
      if (result.reason === 'IDEMPOTENCY_KEY_REUSED') throw keyReused();
      if (result.reason === 'TOO_MANY_UNPAID') throw tooManyUnpaid(result.unpaid);
      // The tool changed between the check and the reservation: report it as it is now.
      const now = await findTool(request.toolId);
      if (result.reason === 'PRICE_CHANGED')
        throw unitPriceChanged(now, priced(now).unitPriceCents);
      if (result.reason === 'BELOW_MINIMUM')
        checkQuantity(request.quantity, now, deps.now(), priced(now).minimumOrderQuantity);
      if (result.reason === 'QUANTITY_NOT_MULTIPLE') throw quantityNotMultiple(result.lines);
      const most = maxOrderable(availableToPromise(now, dayOf(deps.now())));
      if (most < now.minimumOrderQuantity) throw outOfStock(now);
      throw new AppError(
        'OUT_OF_STOCK',
        `Sorry, the stock changed while you ordered: only ${most} left`,
        409,
      );
    },
    /** Newest first. */
    async listFor(email: string): Promise<Order[]> {
      await expire();
      return (await store.orders.listByEmail(email.trim().toLowerCase())).map(toOrderWire);
    },

    async get(caller: UserRecord, id: Id): Promise<Order> {
      return toOrderWire(await findVisibleOrder(caller, id));
    },

    /**
     * Cancels an unpaid order or one awaiting approval (it stays, with status `cancelled`) and
     * returns every line's stock;
     * a paid, cancelled or expired one is left (409). A payment started for it is cancelled at
     * the gateway first, so it can never charge for a cancelled order; if it already went
     * through, the order is kept (409) and the payment marks it paid.
     */
    async cancel(caller: UserRecord, id: Id): Promise<DeleteOrderResponse> {
      const order = await findVisibleOrder(caller, id);
      // Company approvers see a colleague's order; only its buyer (or the shop) cancels it.
      if (!ownOrAdmin(caller, order))
        throw AppError.forbidden('Only its buyer can cancel an order');
      if (UNSPENT_STATUSES.includes(order.status)) {
        throw AppError.conflict(`This order is ${order.status} already`);
      }
      if (!order.isPaid && order.paymentIntentId) {
        const payment = await payments.cancel(order.paymentIntentId).catch((err: unknown) => {
          if (err instanceof AppError) throw err;
          // Stripe unreachable: keep the order rather than risk a charge for a deleted one.
          throw Object.assign(
            new AppError(
              'PAYMENT_FAILED',
              'The payment provider could not be reached to stop this order’s payment. Nothing was cancelled; try again in a moment.',
              502,
            ),
            { cause: err }, // logged by the error handler, not sent
          );
        });
        if (payment?.status === 'succeeded' || payment?.status === 'processing') {
          throw AppError.conflict(
            'The payment for this order has gone through, so it can no longer be cancelled',
          );
        }
      }
      const result = await store.orders.cancelUnpaid(id, deps.now().toISOString());
      if (result === 'NOT_FOUND') throw AppError.notFound('Order not found');
      if (result === 'PAID') {
        throw AppError.conflict('This order is paid and can no longer be cancelled');
      }
      if (result === 'NOT_UNPAID') throw AppError.conflict('This order is no longer unpaid');
      await deps.notifier?.notifyById('cancelled', id);
      return { deletedCount: 1 };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
