import type { Cart, CheckoutInput } from '@toolworks/contract/cart';
import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import { unitPriceCentsFor } from '@toolworks/contract/pricing';
import type { Order } from '@toolworks/contract/orders';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { PaymentGateway } from '../../payments/index.js';
import type { CartLineRecord, Id, Store, UserRecord } from '../../store/store.js';
import { createExpiry, type OrderNotifier } from '../orders/expiry.js';
import { toOrderWire } from '../orders/order-wire.js';
import { checkQuantity } from '../orders/orders.service.js';
import { lineFailure, placeLines, type PlaceDeps } from '../orders/place-order.js';

export interface CartServiceDeps {
  store: Pick<Store, 'orders' | 'tools' | 'carts'>;
  payments: Pick<PaymentGateway, 'cancel'>;
  logger: Logger;
  config: Pick<Config, 'orders'>;
  now: () => Date;
  /** Queues the order's emails after a change (server/src/mail); absent, nothing is sent. */
  notifier?: OrderNotifier;
}

export type CheckoutRequest = Omit<CheckoutInput, 'userName' | 'poReference'> & {
  userName?: string | undefined;
  poReference?: string | undefined;
};

/** The volume price for the line's quantity, as placing the order will charge it. */
const unitCents = ({ tool, quantity }: CartLineRecord) =>
  unitPriceCentsFor(tool.priceCents, tool.priceTiers, quantity);
const lineCents = (line: CartLineRecord) => unitCents(line) * line.quantity;

/** The cart as the API shows it: priced now from the stored tools, in dollars. */
export function toCartWire(lines: CartLineRecord[]): Cart {
  return {
    items: lines.map((line) => ({
      toolId: line.tool._id,
      name: line.tool.name,
      unitPrice: centsToDollars(unitCents(line)),
      quantity: line.quantity,
      lineTotal: centsToDollars(lineCents(line)),
      MinimumOrderQuantity: line.tool.minimumOrderQuantity,
      availableQuantity: line.tool.availableQuantity,
    })),
    total: centsToDollars(lines.reduce((sum, line) => sum + lineCents(line), 0)),
  };
}

/** The signed-in buyer's cart (kept in the store, so it follows them) and its checkout. */
export function createCartService(deps: CartServiceDeps) {
  const { store } = deps;
  const expire = createExpiry(deps);
  const placeDeps: PlaceDeps = {
    store,
    now: deps.now,
    reservationMinutes: deps.config.orders.reservationMinutes,
    maxUnpaid: deps.config.orders.maxUnpaid,
    ...(deps.notifier && { notifier: deps.notifier }),
  };
  const read = async (caller: UserRecord) => toCartWire(await store.carts.get(caller.email));

  return {
    async get(caller: UserRecord): Promise<Cart> {
      // Expired reservations give their stock back first, so the limits shown are current.
      await expire();
      return read(caller);
    },
    /** Same quantity rules as Buy Now: the tool's minimum up to its stock. */
    async set(caller: UserRecord, toolId: Id, quantity: number): Promise<Cart> {
      await expire();
      const tool = await store.tools.get(toolId);
      if (!tool) throw AppError.notFound('Tool not found');
      checkQuantity(quantity, tool);
      await store.carts.set(caller.email, toolId, quantity, deps.now().toISOString());
      return read(caller);
    },
    async remove(caller: UserRecord, toolId: Id): Promise<Cart> {
      await store.carts.remove(caller.email, toolId);
      return read(caller);
    },
    /**
     * One order for every line, priced from the stored tools, all lines reserved in one step or
     * none; the ordered lines leave the cart in that same step.
     */
    async checkout(caller: UserRecord, request: CheckoutRequest): Promise<Order> {
      // Ended reservations first: their stock and the buyer's unpaid count must be current.
      await expire();
      const lines = await store.carts.get(caller.email);
      if (lines.length === 0) throw AppError.badRequest('Your cart is empty');
      const result = await placeLines(placeDeps, caller, {
        lines: lines.map((line) => ({ toolId: line.tool._id, quantity: line.quantity })),
        ...(request.userName !== undefined && { userName: request.userName }),
        userPhone: request.userPhone,
        userAddress: request.userAddress,
        ...(request.poReference !== undefined && { poReference: request.poReference }),
        expectedTotalCents: dollarsToCents(request.expectedTotal),
        clearCart: true,
      });
      if (!result.ok) throw lineFailure(result);
      deps.logger.info(
        { orderId: result.order._id, lines: result.order.items.length },
        'checkout placed an order',
      );
      return toOrderWire(result.order);
    },
  };
}
