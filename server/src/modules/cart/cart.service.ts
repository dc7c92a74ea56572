import type { TaxSummary } from '@toolworks/contract/tax';
import { orderTaxContextsFor, taxSummary, type ShipToRequest } from '../tax/index.js';
import type {
  AddCartLinesInput,
  AddCartLinesResult,
  AddedCartLine,
  Cart,
  CheckoutInput,
} from '@toolworks/contract/cart';
import { CART_FULL_MESSAGE as CART_FULL, MAX_CART_LINES } from '@toolworks/contract/cart-limits';
import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import { availableToPromise, maxOrderable } from '@toolworks/contract/availability';
import { formatCount as count } from '@toolworks/contract/format';
import type { Order, PaymentMethod } from '@toolworks/contract/orders';
import type { Config } from '../../config.js';
import { deliveryAddressId } from '../../domain/delivery-address-id.js';
import { AppError } from '../../lib/app-error.js';
import { quantityNotMultiple } from '../../lib/quantity-errors.js';
import type { PriceDecision } from '../../domain/pricing.js';
import { isMultipleOf } from '@toolworks/contract/quantities';
import { DEFAULT_UNIT, isUnitCode } from '@toolworks/contract/units';
import type { Logger } from '../../lib/logger.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import { payOnInvoiceFor } from '../invoices/index.js';
import { createPricing, priceFor, type PricingStore } from '../pricing/index.js';
import type { LinePricing } from '../../domain/order-lines.js';
import type { CartLineRecord, Id, Store, ToolRecord, UserRecord } from '../../store/store.js';
import {
  checkQuantity,
  idempotencyClaim,
  lineFailure,
  placeLines,
  replayedOrder,
  toOrderWire,
  type ExpireDueOrders,
  type OrderNotifier,
  type PlaceDeps,
} from '../orders/index.js';

export interface CartServiceDeps {
  store: Pick<
    Store,
    'orders' | 'tools' | 'carts' | 'companies' | 'profiles' | 'taxLedger' | 'taxSettings'
  > &
    PricingStore;
  payments: Pick<PaymentGateway, 'cancel'>;
  logger: Logger;
  config: Pick<Config, 'orders' | 'invoice' | 'payments' | 'tax'>;
  now: () => Date;
  /** Queues the order's emails after a change (server/src/mail); absent, nothing is sent. */
  notifier?: OrderNotifier;
  /** Ends the reservations that ran out; built once where the app is assembled (app.ts). */
  expire: ExpireDueOrders;
}

export type CheckoutRequest = Omit<
  CheckoutInput,
  'userName' | 'poReference' | 'paymentMethod' | 'deliveryAddressId'
> & {
  userName?: string | undefined;
  deliveryAddressId?: string | undefined;
  poReference?: string | undefined;
  paymentMethod?: PaymentMethod | undefined;
};

/**
 * The cart as the API shows it: each line priced now by the one resolver for the buyer (their
 * company's contract lists, else the tool's volume price), as placing the order will charge it.
 */
export function toCartWire(lines: CartLineRecord[], pricing: LinePricing, now: Date): Cart {
  const priced = lines.map((line) => ({
    line,
    decision: priceFor(line.tool, line.quantity, pricing, now),
  }));
  return {
    items: priced.map(({ line, decision }) => ({
      toolId: line.tool._id,
      name: line.tool.name,
      sku: line.tool.sku,
      unitPrice: centsToDollars(decision.unitPriceCents),
      quantity: line.quantity,
      lineTotal: centsToDollars(decision.lineTotalCents),
      MinimumOrderQuantity: decision.minimumOrderQuantity,
      availableQuantity: line.tool.availableQuantity,
      allowBackorders: line.tool.allowBackorders,
      leadTimeDays: line.tool.leadTimeDays,
      incomingStock: line.tool.incomingStock,
      ...packFieldsOf(line.tool, decision),
    })),
    total: centsToDollars(priced.reduce((sum, { decision }) => sum + decision.lineTotalCents, 0)),
  };
}

/** What a line's price is for and the step it moves in, each only when it is not 1 (a piece). */
function packFieldsOf(tool: ToolRecord, decision: PriceDecision) {
  return {
    ...(tool.unit !== DEFAULT_UNIT && isUnitCode(tool.unit) && { unit: tool.unit }),
    ...(tool.packSize > 1 && { packSize: tool.packSize }),
    ...(decision.orderMultiple > 1 && { orderMultiple: decision.orderMultiple }),
    ...(decision.priceBasis > 1 && { priceBasis: decision.priceBasis }),
    ...(decision.quantityStep > 1 && { quantityStep: decision.quantityStep }),
  };
}

/**
 * One "Order again" line against the tool as it is now: added to what the cart already holds,
 * raised to the buyer's least order or lowered to its stock in whole steps (and said so), or
 * refused. `decision`: the buyer's minimum and step (packs and multiples) for the tool.
 */
function addedLine(
  toolId: Id,
  requested: number,
  inCart: number,
  tool: ToolRecord | null,
  today: string,
  decision: PriceDecision | undefined,
): AddedCartLine {
  if (!tool) {
    return { toolId, requested, status: 'refused', message: 'This tool is no longer sold' };
  }
  const { name } = tool;
  const minimum = decision?.leastQuantity ?? tool.minimumOrderQuantity;
  const step = decision?.quantityStep ?? 1;
  // With backorders, what the tool can promise beyond its stock counts too.
  const promised = maxOrderable(availableToPromise(tool, today));
  const stock = Math.floor(promised / step) * step;
  if (stock < minimum || stock === 0) {
    return { toolId, name, requested, status: 'refused', message: 'Sold out' };
  }
  const wanted = inCart + requested;
  if (wanted < minimum) {
    return {
      toolId,
      name,
      requested,
      status: 'adjusted',
      quantity: minimum,
      message: `Raised to the minimum order of ${count(minimum)}`,
    };
  }
  if (wanted > stock) {
    return {
      toolId,
      name,
      requested,
      status: 'adjusted',
      quantity: stock,
      message:
        promised > tool.availableQuantity
          ? `Only ${count(promised)} can be promised: lowered to ${count(stock)}`
          : `Only ${count(promised)} in stock: lowered to ${count(stock)}`,
    };
  }
  return { toolId, name, requested, status: 'added', quantity: wanted, message: 'Added' };
}

/** 400 QUANTITY_NOT_MULTIPLE for the lines whose quantity is off the buyer's step, if any. */
function refuseOffStep(
  lines: readonly { tool: ToolRecord; quantity: number; decision: PriceDecision }[],
) {
  const off = lines.filter(
    ({ quantity, decision }) => !isMultipleOf(quantity, decision.quantityStep),
  );
  if (off.length)
    throw quantityNotMultiple(
      off.map(({ tool, quantity, decision }) => ({
        toolId: tool._id,
        name: tool.name,
        quantity,
        minimumOrderQuantity: decision.minimumOrderQuantity,
        quantityStep: decision.quantityStep,
        packSize: tool.packSize,
      })),
    );
}

/** The signed-in buyer's cart (kept in the store, so it follows them) and its checkout. */
export function createCartService(deps: CartServiceDeps) {
  const { store } = deps;
  const { expire } = deps;
  const placeDeps: PlaceDeps = {
    store,
    now: deps.now,
    reservationMinutes: deps.config.orders.reservationMinutes,
    maxUnpaid: deps.config.orders.maxUnpaid,
    approvalWindowDays: deps.config.orders.approvalWindowDays,
    ...(deps.notifier && { notifier: deps.notifier }),
  };
  const pricing = createPricing(deps);
  const pricingOf = (caller: UserRecord, lines: readonly CartLineRecord[]) =>
    pricing.pricingFor(
      caller,
      lines.map((line) => line.tool.sku),
    );
  const taxes = orderTaxContextsFor(deps);
  const read = async (caller: UserRecord) => {
    const lines = await store.carts.get(caller.email);
    return toCartWire(lines, await pricingOf(caller, lines), deps.now());
  };
  /** The text of one of the caller's company's delivery addresses, named by its id. */
  const companyAddress = async (caller: UserRecord, id: string) => {
    const membership = await store.companies.membershipOf(caller.email);
    const chosen = membership?.company.deliveryAddresses.find(
      (address) => deliveryAddressId(address) === id,
    );
    if (!chosen) throw AppError.badRequest("Choose one of your company's delivery addresses");
    return chosen.address;
  };

  return {
    /** The cart's tax if it ships there, and what the order would cost: before placing it. */
    async tax(caller: UserRecord, shipTo: ShipToRequest): Promise<TaxSummary> {
      const now = deps.now();
      const [lines, context] = await Promise.all([
        store.carts.get(caller.email),
        taxes.contextFor(caller, shipTo, now),
      ]);
      const pricing = await pricingOf(caller, lines);
      return taxSummary(
        lines.map((line) => ({
          toolId: line.tool._id,
          taxClass: line.tool.taxClass,
          lineTotalCents: priceFor(line.tool, line.quantity, pricing, now).lineTotalCents,
        })),
        context,
        now.toISOString().slice(0, 10),
      );
    },
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
      const decision = priceFor(
        tool,
        quantity,
        await pricing.pricingFor(caller, [tool.sku]),
        deps.now(),
      );
      checkQuantity(quantity, tool, deps.now(), decision.minimumOrderQuantity);
      refuseOffStep([{ tool, quantity, decision }]);
      const held = await store.carts.get(caller.email);
      if (held.length >= MAX_CART_LINES && !held.some((line) => line.tool._id === toolId))
        throw AppError.conflict(CART_FULL);
      await store.carts.set(caller.email, toolId, quantity, deps.now().toISOString());
      return read(caller);
    },
    /**
     * Many lines at once (Order again): each checked on its own, the valid ones added to what
     * the cart holds, the rest named with the reason. Prices are the cart's own: today's.
     */
    async addLines(
      caller: UserRecord,
      request: Pick<AddCartLinesInput, 'lines'>,
    ): Promise<AddCartLinesResult> {
      await expire();
      const inCart = new Map(
        (await store.carts.get(caller.email)).map((line) => [line.tool._id, line.quantity]),
      );
      // A quantity that is not a whole number of packs or multiples refuses the request (400).
      const ids = [...new Set(request.lines.map((line) => line.toolId))];
      const tools = new Map(
        await Promise.all(ids.map(async (id) => [id, await store.tools.get(id)] as const)),
      );
      const found = [...tools.values()].filter((tool) => tool !== null);
      const buyer = await pricing.pricingFor(
        caller,
        found.map((tool) => tool.sku),
      );
      const priced = request.lines.flatMap(({ toolId, quantity }) => {
        const tool = tools.get(toolId);
        return tool
          ? [{ tool, quantity, decision: priceFor(tool, quantity, buyer, deps.now()) }]
          : [];
      });
      refuseOffStep(priced);
      const decisions = new Map(priced.map(({ tool, decision }) => [tool._id, decision]));
      const now = deps.now().toISOString();
      const lines: AddedCartLine[] = [];
      for (const { toolId, quantity } of request.lines) {
        if (!inCart.has(toolId) && inCart.size >= MAX_CART_LINES) {
          lines.push({ toolId, requested: quantity, status: 'refused', message: CART_FULL });
          continue;
        }
        const line = addedLine(
          toolId,
          quantity,
          inCart.get(toolId) ?? 0,
          tools.get(toolId) ?? null,
          now.slice(0, 10),
          decisions.get(toolId),
        );
        if (line.quantity !== undefined) {
          await store.carts.set(caller.email, toolId, line.quantity, now);
          inCart.set(toolId, line.quantity);
        }
        lines.push(line);
      }
      return { lines, cart: await read(caller) };
    },
    async remove(caller: UserRecord, toolId: Id): Promise<Cart> {
      await store.carts.remove(caller.email, toolId);
      return read(caller);
    },
    /**
     * One order for every line, priced from the stored tools, all lines reserved in one step or
     * none; the cart is checked unchanged and emptied in that same step, so one cart is one
     * order however many checkouts of it arrive at once. With an `Idempotency-Key`, a retry
     * answers the order its first attempt placed (`replayed`).
     */
    async checkout(
      caller: UserRecord,
      request: CheckoutRequest,
      idempotencyKey?: string,
    ): Promise<{ order: Order; replayed: boolean }> {
      const claim = idempotencyClaim(idempotencyKey, 'checkout', request);
      const replay = async () => {
        const order = await replayedOrder(store, caller.email, claim, deps.now());
        return order && { order: toOrderWire(order), replayed: true };
      };
      const first = await replay();
      if (first) return first;
      // Ended reservations first: their stock and the buyer's unpaid count must be current.
      await expire();
      const lines = await store.carts.get(caller.email);
      if (lines.length === 0) {
        // The first attempt may have taken the cart between the look-up above and this read.
        const placed = await replay();
        if (placed) return placed;
        throw AppError.badRequest('Your cart is empty');
      }
      // A cart filled before the cap (or by two requests at once) is not placed whole.
      if (lines.length > MAX_CART_LINES) {
        const over = lines.length - MAX_CART_LINES;
        throw AppError.badRequest(
          `An order takes at most ${count(MAX_CART_LINES)} lines: remove ${count(over)} ${over === 1 ? 'line' : 'lines'} from your cart`,
        );
      }
      const payOnInvoice =
        request.paymentMethod === 'invoice'
          ? (await payOnInvoiceFor(deps, caller)).payOnInvoice
          : null;
      const userAddress = request.deliveryAddressId
        ? await companyAddress(caller, request.deliveryAddressId)
        : request.userAddress;
      const tax = await taxes.contextFor(caller, request, deps.now());
      const result = await placeLines(placeDeps, caller, {
        lines: lines.map((line) => ({ toolId: line.tool._id, quantity: line.quantity })),
        ...(request.userName !== undefined && { userName: request.userName }),
        userPhone: request.userPhone,
        userAddress,
        ...(request.poReference !== undefined && { poReference: request.poReference }),
        expectedTotalCents: dollarsToCents(request.expectedTotal),
        fromCart: true,
        ...(claim && { idempotency: claim }),
        ...(payOnInvoice && { payOnInvoice }),
        pricing: await pricingOf(caller, lines),
        tax,
      });
      if (!result.ok) throw lineFailure(result);
      if (result.replayed) return { order: toOrderWire(result.order), replayed: true };
      deps.logger.info(
        {
          orderId: result.order._id,
          lines: result.order.items.length,
          paymentMethod: result.order.paymentMethod,
        },
        'checkout placed an order',
      );
      return { order: toOrderWire(result.order), replayed: false };
    },
  };
}
