import type { Return, ReturnStatus } from '@toolworks/contract/returns';
import { returnDecision } from '../../domain/returns.js';
import { AppError } from '../../lib/app-error.js';
import type {
  Id,
  OrderRecord,
  ReceivedLine,
  RefundLine,
  ReturnRecord,
  UserRecord,
} from '../../store/store.js';
import type { RefundsDeps, RefundsService } from './refunds.service.js';
import { returnMail } from './returns-mail.js';

const LIST_LIMIT = 500;

/**
 * Returns (RMA): the buyer (or a company-admin of the order's company) asks within RETURN_DAYS of
 * delivery; the admin approves or declines, receives the goods (restock or scrap per line) and
 * refunds the received lines through the partial refund. Each step is one conditional update;
 * a repeated click answers the return as it stands and emails nothing more.
 */
export function createReturnsService(deps: RefundsDeps & { refunds: RefundsService }) {
  const { store, refunds } = deps;

  const findOrder = async (id: Id) => {
    const order = await store.orders.get(id);
    if (!order) throw AppError.notFound('Order not found');
    return order;
  };

  const wire = (request: ReturnRecord, order: OrderRecord | null): Return => {
    const names = new Map(order?.items.map((l) => [l.toolId, l.name]));
    const named = <T extends RefundLine>(l: T) => ({ ...l, name: names.get(l.toolId) ?? 'Tool' });
    return {
      _id: request._id,
      orderId: request.orderId,
      ...(order && { orderNumber: `TW-${order.number}` }),
      userEmail: request.userEmail,
      status: request.status,
      reason: request.reason,
      lines: request.lines.map(named),
      ...(request.received && { received: request.received.map(named) }),
      ...(request.declineReason !== undefined && { declineReason: request.declineReason }),
      ...(request.refundId !== undefined && { refundId: request.refundId }),
      requestedAt: request.requestedAt,
      updatedAt: request.updatedAt,
    };
  };

  const mail = async (order: OrderRecord, request: ReturnRecord) => {
    await store.outbox
      .enqueue(
        {
          kind: `return-${request.status}`,
          orderId: order._id,
          to: order.userEmail,
          ...returnMail(order, request, deps.config.mail.shopUrl),
          dedupeKey: `return:${request._id}:${request.status}`,
        },
        deps.now().toISOString(),
      )
      .catch((err: unknown) =>
        deps.logger.error({ err, returnId: request._id }, 'could not queue the return email'),
      );
  };

  /** The buyer, or an admin of the company the order was placed for; others: not found. */
  const mayReturn = async (caller: UserRecord, order: OrderRecord) => {
    if (order.userEmail === caller.email.toLowerCase()) return true;
    if (!order.companyId) return false;
    const membership = await store.companies.membershipOf(caller.email);
    return (
      membership?.company._id === order.companyId && membership.member.role === 'company-admin'
    );
  };

  const found = async (id: Id) => {
    const request = await store.returns.get(id);
    if (!request) throw AppError.notFound('Return not found');
    return request;
  };

  /** One step: changed once; a step already taken answers as it stands, any other 409. */
  async function step(
    id: Id,
    name: 'approve' | 'decline' | 'receive' | 'refund',
    patch: { declineReason?: string; received?: ReceivedLine[]; refundId?: Id },
    already: ReturnStatus,
  ) {
    const moved = await store.returns.step(id, name, { now: deps.now().toISOString(), ...patch });
    if (!moved) throw AppError.notFound('Return not found');
    const order = await store.orders.get(moved.request.orderId);
    if (moved.changed) {
      if (order) await mail(order, moved.request);
    } else if (moved.request.status !== already) {
      throw AppError.conflict(`This return is ${moved.request.status}: it cannot be ${already}`);
    }
    return wire(moved.request, order);
  }

  return {
    async request(
      caller: UserRecord,
      orderId: Id,
      input: { lines: RefundLine[]; reason: string },
    ): Promise<Return> {
      const order = await findOrder(orderId);
      if (!(await mayReturn(caller, order))) throw AppError.notFound('Order not found');
      const result = await store.returns.request(
        {
          orderId,
          userEmail: order.userEmail,
          lines: input.lines,
          reason: input.reason,
          now: deps.now().toISOString(),
        },
        (current, alreadyReturned) =>
          returnDecision({
            order: current,
            alreadyReturned,
            lines: input.lines,
            now: deps.now(),
            days: deps.config.orders.returnDays,
          }),
      );
      if (!result) throw AppError.notFound('Order not found');
      if (result.outcome === 'REFUSED') throw AppError.conflict(result.message);
      await mail(order, result.request);
      return wire(result.request, order);
    },

    async list(status?: ReturnStatus): Promise<Return[]> {
      const requests = await store.returns.list({ ...(status && { status }), limit: LIST_LIMIT });
      const orders = new Map<Id, OrderRecord | null>();
      for (const r of requests)
        if (!orders.has(r.orderId)) orders.set(r.orderId, await store.orders.get(r.orderId));
      return requests.map((r) => wire(r, orders.get(r.orderId) ?? null));
    },

    approve: (id: Id) => step(id, 'approve', {}, 'approved'),
    decline: (id: Id, reason: string) => step(id, 'decline', { declineReason: reason }, 'declined'),

    async receive(id: Id, lines: ReceivedLine[]): Promise<Return> {
      const request = await found(id);
      if (request.status === 'approved') {
        const asked = new Map(request.lines.map((l) => [l.toolId, l.quantity]));
        const got = new Map<string, number>();
        for (const l of lines) got.set(l.toolId, (got.get(l.toolId) ?? 0) + l.quantity);
        for (const [toolId, quantity] of got)
          if (quantity > (asked.get(toolId) ?? 0))
            throw AppError.conflict(
              `Only ${asked.get(toolId) ?? 0} of that tool were asked back on this return`,
            );
      }
      return step(id, 'receive', { received: lines }, 'received');
    },

    /** Refunds the received lines (restocked or scrapped) through the partial refund path. */
    async refund(caller: UserRecord, id: Id, idempotencyKey?: string): Promise<Return> {
      const request = await found(id);
      if (request.status === 'refunded')
        return wire(request, await store.orders.get(request.orderId));
      if (request.status !== 'received')
        throw AppError.conflict(`This return is ${request.status}: receive the goods first`);
      const lines = (request.received ?? []).filter((l) => l.quantity > 0);
      if (!lines.length) throw AppError.conflict('Nothing was received on this return');
      const units = new Map<string, number>();
      for (const l of lines) units.set(l.toolId, (units.get(l.toolId) ?? 0) + l.quantity);
      const made = await refunds.refund(
        request.orderId,
        {
          lines: [...units].map(([toolId, quantity]) => ({ toolId, quantity })),
          reason: `Return: ${request.reason}`,
        },
        { by: caller.email, returnId: id, idempotencyKey: idempotencyKey ?? `return-${id}` },
      );
      return step(id, 'refund', { refundId: made.refund._id }, 'refunded');
    },
  };
}
