import {
  ABOVE_STOCK_MESSAGE,
  belowMinimumMessage,
  type DeleteOrderResponse,
  type Order,
} from '../../contract/orders.js';
import { centsToDollars, dollarsToCents } from '../../contract/fields.js';
import { unitPriceCentsFor } from '../../contract/pricing.js';
import { AppError } from '../../lib/app-error.js';
import type { Id, OrderRecord, Store, ToolRecord, UserRecord } from '../../store/store.js';
import type { PaymentGateway } from '../../payments/index.js';
import { toOrderWire } from './order-wire.js';

export interface PlaceOrderRequest {
  toolId: Id;
  quantity: number;
  userName?: string;
  userPhone: string;
  userAddress: string;
  /** The unit price (dollars) the buyer was shown. */
  expectedUnitPrice?: number;
}

/** The buyer saw another unit price than the tiers give for this quantity now: 409. */
function checkExpectedPrice(request: PlaceOrderRequest, tool: ToolRecord): void {
  if (request.expectedUnitPrice === undefined) return;
  const unitPriceCents = unitPriceCentsFor(tool.priceCents, tool.priceTiers, request.quantity);
  if (dollarsToCents(request.expectedUnitPrice) === unitPriceCents) return;
  const unitPrice = centsToDollars(unitPriceCents);
  throw new AppError(
    'PRICE_CHANGED',
    `The price changed: ${tool.name} is now $${unitPrice.toFixed(2)} each for ${request.quantity}`,
    409,
    { unitPrice },
  );
}

const quantityError = (message: string) =>
  AppError.badRequest(message, [{ path: 'quantity', message }]);

const outOfStock = (tool: ToolRecord) =>
  new AppError('OUT_OF_STOCK', `Sorry, ${tool.name} is out of stock right now`, 409);

/**
 * The quantity must lie between the tool's minimum order and its stock. Asking more than a stock
 * that could still fill an order is the buyer's to correct (400, naming the limit); a stock that
 * cannot fill even the minimum is gone for everyone (409), as when a rival order took it.
 */
function checkQuantity(quantity: number, tool: ToolRecord): void {
  if (quantity < tool.minimumOrderQuantity) {
    throw quantityError(belowMinimumMessage(tool.minimumOrderQuantity));
  }
  if (tool.availableQuantity < tool.minimumOrderQuantity) throw outOfStock(tool);
  if (quantity > tool.availableQuantity) {
    throw quantityError(
      `${ABOVE_STOCK_MESSAGE}: at most ${tool.availableQuantity} products are available`,
    );
  }
}

function canSee(caller: UserRecord, order: OrderRecord): boolean {
  return caller.role === 'admin' || order.userEmail === caller.email.toLowerCase();
}

export function createOrdersService(
  store: Pick<Store, 'orders' | 'tools'>,
  payments: Pick<PaymentGateway, 'cancel'>,
) {
  const findTool = async (id: Id) => {
    const tool = await store.tools.get(id);
    if (!tool) throw AppError.notFound('Tool not found');
    return tool;
  };

  /** Someone else's order answers 404 like a missing one, so ids reveal nothing. */
  const findVisibleOrder = async (caller: UserRecord, id: Id) => {
    const order = await store.orders.get(id);
    if (!order || !canSee(caller, order)) throw AppError.notFound('Order not found');
    return order;
  };

  return {
    /** Priced on the server from the stored tool; the stock is reserved in the same step. */
    async place(caller: UserRecord, request: PlaceOrderRequest): Promise<Order> {
      const tool = await findTool(request.toolId);
      checkQuantity(request.quantity, tool);
      checkExpectedPrice(request, tool);
      const result = await store.orders.place({
        toolId: request.toolId,
        quantity: request.quantity,
        userName: request.userName ?? caller.name ?? caller.email,
        userEmail: caller.email,
        userPhone: request.userPhone,
        userAddress: request.userAddress,
      });
      if (result.ok) return toOrderWire(result.order);
      // The tool changed between the check and the reservation: report it as it is now.
      const now = await findTool(request.toolId);
      if (result.reason === 'BELOW_MINIMUM') checkQuantity(request.quantity, now);
      if (now.availableQuantity < now.minimumOrderQuantity) throw outOfStock(now);
      throw new AppError(
        'OUT_OF_STOCK',
        `Sorry, the stock changed while you ordered: only ${now.availableQuantity} left`,
        409,
      );
    },

    /** Newest first. */
    async listFor(email: string): Promise<Order[]> {
      return (await store.orders.listByEmail(email.trim().toLowerCase())).map(toOrderWire);
    },

    async get(caller: UserRecord, id: Id): Promise<Order> {
      return toOrderWire(await findVisibleOrder(caller, id));
    },

    /**
     * Deletes an unpaid order and returns its stock; a paid one is kept (409). A payment started
     * for it is cancelled at the gateway first, so it can never charge for a deleted order; if
     * it already went through, the order is kept (409) and the payment marks it paid.
     */
    async cancel(caller: UserRecord, id: Id): Promise<DeleteOrderResponse> {
      const order = await findVisibleOrder(caller, id);
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
      const result = await store.orders.cancelUnpaid(id);
      if (result === 'NOT_FOUND') throw AppError.notFound('Order not found');
      if (result === 'PAID') {
        throw AppError.conflict('This order is paid and can no longer be cancelled');
      }
      return { deletedCount: 1 };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
