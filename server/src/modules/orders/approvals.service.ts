import { formatCents } from '@toolworks/contract/format';
import { paysOnInvoice, type Order } from '@toolworks/contract/orders';
import { AppError } from '../../lib/app-error.js';
import type {
  ApprovedNext,
  DecisionResult,
  Id,
  OrderRecord,
  Store,
  UserRecord,
} from '../../store/store.js';
import type { ExpireDueOrders, OrderNotifier } from './expiry.js';
import { payOnInvoiceFor, type PayOnInvoiceDeps } from '../invoices/index.js';
import { seesCompanyOrders } from '../../domain/order-access.js';
import { toOrderWire } from './order-wire.js';

export interface ApprovalsServiceDeps {
  store: Pick<Store, 'orders' | 'companies' | 'profiles'>;
  config: PayOnInvoiceDeps['config'];
  now: () => Date;
  reservationMinutes: number;
  expire: ExpireDueOrders;
  notifier?: Pick<OrderNotifier, 'notifyById'>;
}

/**
 * What an approved order becomes: the one place that decides it. One paid by card becomes
 * `unpaid` with a fresh reservation window (its clock did not run while it waited); one paid
 * by invoice is confirmed on its company's terms, invoice and due date issued in the approval's
 * own write. Null when it cannot go on terms any more (its buyer left the company, the company
 * lost its terms): the store judges that again inside the write.
 */
export async function approvedNext(
  deps: Pick<ApprovalsServiceDeps, 'store' | 'config' | 'now' | 'reservationMinutes'>,
  order: OrderRecord,
  now: Date,
): Promise<ApprovedNext | null> {
  if (!paysOnInvoice(order))
    return {
      status: 'unpaid',
      expiresAt: new Date(now.getTime() + deps.reservationMinutes * 60_000).toISOString(),
    };
  const terms = await payOnInvoiceFor(deps, { email: order.userEmail }).catch(() => null);
  if (!terms || terms.company._id !== order.companyId) return null;
  return { status: 'confirmed', payOnInvoice: terms.payOnInvoice };
}

/** The buyer left the company (or it has no terms now): nothing goes on its terms for them. */
const notOnCompanyTerms = () =>
  new AppError(
    'CONFLICT',
    'This order was placed on invoice, but its buyer is no longer on your company’s payment terms: reject it, and they can order again',
    409,
  );

/** Approving would take the company above its credit limit: the order still awaits approval. */
const overCredit = (availableCents: number) =>
  new AppError(
    'CREDIT_LIMIT_EXCEEDED',
    `This order is above your company's remaining credit of ${formatCents(availableCents)}: it still awaits approval. Approve it once open invoices are paid, or reject it so it can be paid by card`,
    409,
    { available: availableCents / 100 },
  );

const notAMember = () => AppError.forbidden('You are not a member of a company');
const notAnApprover = () =>
  AppError.forbidden('Only an approver or a company admin of this company can do this');

/** The loser of two decisions at once, or a late click: the order was decided already. */
function alreadyDecided(order: OrderRecord): AppError {
  const what =
    order.status === 'rejected'
      ? 'was rejected already'
      : order.status === 'cancelled'
        ? 'was cancelled by its buyer'
        : order.approvedAt
          ? 'was approved already'
          : 'is not awaiting approval';
  return new AppError('ALREADY_DECIDED', `This order ${what}`, 409);
}

/**
 * Approvals (trade accounts): the company's approvers and company-admins list the orders
 * awaiting approval and every order of the company, and approve or reject them. A buyer never
 * decides their own order (nor does an approver: another must), and a shop admin who is not an
 * approver of that company cannot either: the approval is the company's own control.
 */
export function createApprovalsService(deps: ApprovalsServiceDeps) {
  const { store } = deps;

  /** The caller's company, when they approve for it. */
  const approversCompany = async (caller: UserRecord) => {
    const membership = await store.companies.membershipOf(caller.email);
    if (!membership) throw notAMember();
    if (!seesCompanyOrders(membership.member)) throw notAnApprover();
    return membership.company;
  };

  /** The order, when the caller may decide it; someone else's company's order is not found. */
  const decidable = async (caller: UserRecord, id: Id) => {
    await deps.expire();
    const order = await store.orders.get(id);
    const own = order?.userEmail === caller.email.toLowerCase();
    const membership = await store.companies.membershipOf(caller.email);
    const sameCompany = !!order?.companyId && membership?.company._id === order.companyId;
    if (!order || (!sameCompany && !own && caller.role !== 'admin'))
      throw AppError.notFound('Order not found');
    if (own) throw AppError.forbidden('You cannot decide your own order: another approver must');
    if (!sameCompany || !membership || !seesCompanyOrders(membership.member)) throw notAnApprover();
    if (order.status !== 'awaiting_approval') throw alreadyDecided(order);
    return order;
  };

  const decided = (result: DecisionResult | null): OrderRecord => {
    if (!result) throw AppError.notFound('Order not found');
    if (result.outcome === 'NOT_AWAITING') throw alreadyDecided(result.order);
    if (result.outcome === 'REFUSED')
      throw result.refusal.reason === 'CREDIT_LIMIT_EXCEEDED'
        ? overCredit(result.refusal.availableCents)
        : notOnCompanyTerms();
    return result.order;
  };

  return {
    /** The company's orders awaiting approval, newest first. */
    async awaiting(caller: UserRecord): Promise<Order[]> {
      const company = await approversCompany(caller);
      await deps.expire();
      return (await store.orders.listByCompany(company._id, 'awaiting_approval')).map(toOrderWire);
    },
    /** Every order of the company, newest first, with its buyer's name and email. */
    async companyOrders(caller: UserRecord): Promise<Order[]> {
      const company = await approversCompany(caller);
      await deps.expire();
      return (await store.orders.listByCompany(company._id)).map(toOrderWire);
    },
    async approve(caller: UserRecord, id: Id): Promise<Order> {
      const order = await decidable(caller, id);
      const now = deps.now();
      const next = await approvedNext(deps, order, now);
      if (!next) throw notOnCompanyTerms();
      const approved = decided(
        await store.orders.approve(id, {
          by: caller.email.toLowerCase(),
          at: now.toISOString(),
          next,
        }),
      );
      await deps.notifier?.notifyById('approved', id);
      return toOrderWire(approved);
    },
    /** The stock returns to the shelf; the buyer is emailed the reason. */
    async reject(caller: UserRecord, id: Id, reason: string): Promise<Order> {
      await decidable(caller, id);
      const rejected = decided(
        await store.orders.reject(id, {
          by: caller.email.toLowerCase(),
          at: deps.now().toISOString(),
          reason,
        }),
      );
      await deps.notifier?.notifyById('rejected', id, { reason });
      return toOrderWire(rejected);
    },
  };
}
