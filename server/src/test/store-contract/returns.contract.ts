import { expect, it } from 'vitest';
import { returnDecision } from '../../domain/returns.js';
import type { CreditNoteSnapshot, NewRefund, RefundLine } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const NOW = '2026-11-23T10:00:00.000Z';

/** Issue 53: refunds never above what is left, many credit notes per order, returns' steps. */
export function returnsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  /** A delivered order of 10 units at $4.00 of a tool with 100 in stock before. */
  const deliveredOrder = async () => {
    const tool = await store().tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 1, priceCents: 400 }),
    );
    const placed = await store().orders.place(buildOrderInput(tool._id, { quantity: 10 }));
    if (!placed.ok) throw new Error(placed.reason);
    await store().orders.markPaid(placed.order._id, `pi_${placed.order._id}`);
    await store().orders.markShipped(placed.order._id, {}, NOW);
    await store().orders.markDelivered(placed.order._id, NOW);
    const stock = async () => (await store().tools.get(tool._id))?.availableQuantity;
    return { order: (await store().orders.get(placed.order._id))!, toolId: tool._id, stock };
  };
  const refund = (orderId: string, amountCents: number, extra: Partial<NewRefund> = {}) =>
    store().refunds.record({
      orderId,
      amountCents,
      method: 'card',
      lines: [],
      restock: [],
      baseCents: 4000,
      now: NOW,
      by: 'admin@example.com',
      ...extra,
    });

  it('when refunds race past what was paid, then only those within it are recorded and the order is refunded once all is given back', async () => {
    const { order } = await deliveredOrder();
    const results = await Promise.all([
      refund(order._id, 2500, { gatewayRefundId: 're_a' }),
      refund(order._id, 2500, { gatewayRefundId: 're_b' }),
    ]);
    expect(results.map((r) => r?.outcome).sort()).toEqual(['OVER_AMOUNT', 'RECORDED']);
    expect(results.find((r) => r?.outcome === 'OVER_AMOUNT')).toEqual({
      outcome: 'OVER_AMOUNT',
      leftCents: 1500,
    });
    const rest = await refund(order._id, 1500, { gatewayRefundId: 're_c' });
    expect(rest).toMatchObject({ outcome: 'RECORDED', order: { status: 'refunded' } });
    expect(await refund(order._id, 1500, { gatewayRefundId: 're_c' })).toMatchObject({
      outcome: 'ALREADY',
    });
    expect((await store().refunds.listByOrder(order._id)).map((r) => r.amountCents)).toEqual([
      2500, 1500,
    ]);
    expect(await store().refunds.byGatewayId('re_c')).toMatchObject({ amountCents: 1500 });
  });

  it('when a refund restocks lines, then the stock rises with it; an idempotency key answers the same refund, another request with it KEY_REUSED', async () => {
    const { order, toolId, stock } = await deliveredOrder();
    const lines: RefundLine[] = [{ toolId, quantity: 2 }];
    const idempotency = { key: 'k1', fingerprint: 'f1' };
    const first = await refund(order._id, 800, { lines, restock: lines, idempotency });
    expect(first?.outcome).toBe('RECORDED');
    expect(await stock()).toBe(92);
    const again = await refund(order._id, 800, { lines, restock: lines, idempotency });
    expect(again).toMatchObject({
      outcome: 'ALREADY',
      refund: { _id: (first as { refund: { _id: string } }).refund._id },
    });
    expect(await stock()).toBe(92);
    expect(await refund(order._id, 800, { idempotency: { key: 'k1', fingerprint: 'f2' } })).toEqual(
      { outcome: 'KEY_REUSED' },
    );
    expect(await refund(order._id, 100, { lines: [{ toolId, quantity: 9 }] })).toEqual({
      outcome: 'OVER_LINES',
      toolId,
      leftQuantity: 8,
    });
  });

  it('when credit notes are issued for two refunds of one order, then both are kept in sequence and found by number; the latest is the order’s', async () => {
    const { order } = await deliveredOrder();
    const made = await refund(order._id, 400);
    const made2 = await refund(order._id, 600);
    const ids = [made, made2].map((m) => (m as { refund: { _id: string } }).refund._id);
    const snap = (totalCents: number): CreditNoteSnapshot => ({
      seller: { name: 'S', address: [] },
      buyer: { name: 'B', email: 'b@example.com', billingAddress: [], deliveryAddress: [] },
      orderNumber: 'TW-1',
      lines: [],
      subtotalCents: totalCents,
      taxRatePercent: 0,
      taxCents: 0,
      totalCents,
      currency: 'USD',
      invoiceNumber: 'INV-2026-000001',
      refundedAt: NOW,
    });
    const a = await store().creditNotes.issue(order._id, { ...snap(400), lines: [] }, NOW, ids[0]);
    const b = await store().creditNotes.issue(order._id, { ...snap(600), lines: [] }, NOW, ids[1]);
    const again = await store().creditNotes.issue(
      order._id,
      { ...snap(999), lines: [] },
      NOW,
      ids[0],
    );
    expect(again).toEqual(a);
    expect(b.seq).toBe(a.seq + 1);
    expect((await store().creditNotes.listByOrder(order._id)).map((n) => n.number)).toEqual([
      a.number,
      b.number,
    ]);
    expect(await store().creditNotes.get(order._id)).toEqual(b);
    expect(await store().creditNotes.getByNumber(a.number)).toEqual(a);
    expect(a.refundId).toBe(ids[0]);
  });

  it('when two receives of one return race, then it is received once and restocked once', async () => {
    const { order, toolId, stock } = await deliveredOrder();
    const decide = (
      current: Parameters<typeof returnDecision>[0]['order'],
      already: ReadonlyMap<string, number>,
    ) =>
      returnDecision({
        order: current,
        alreadyReturned: already,
        lines: [{ toolId, quantity: 2 }],
        now: new Date(NOW),
        days: 30,
      });
    const asked = await store().returns.request(
      {
        orderId: order._id,
        userEmail: order.userEmail,
        lines: [{ toolId, quantity: 2 }],
        reason: 'Spare',
        now: NOW,
      },
      decide,
    );
    if (asked?.outcome !== 'REQUESTED') throw new Error('not requested');
    const id = asked.request._id;
    expect((await store().returns.step(id, 'receive', { now: NOW }))?.changed).toBe(false);
    expect(await store().returns.step(id, 'approve', { now: NOW })).toMatchObject({
      changed: true,
      request: { status: 'approved' },
    });
    const before = await stock();
    const received = [{ toolId, quantity: 2, disposition: 'restock' as const }];
    const both = await Promise.all([
      store().returns.step(id, 'receive', { now: NOW, received }),
      store().returns.step(id, 'receive', { now: NOW, received }),
    ]);
    expect(both.map((r) => r?.changed).sort()).toEqual([false, true]);
    expect(await stock()).toBe(before! + 2);
    expect((await store().returns.get(id))?.received).toEqual(received);
  });

  it('when returns ask for more units than were delivered in all, then the second is refused; a declined one frees its units', async () => {
    const { order, toolId } = await deliveredOrder();
    const ask = (quantity: number) =>
      store().returns.request(
        {
          orderId: order._id,
          userEmail: order.userEmail,
          lines: [{ toolId, quantity }],
          reason: 'x',
          now: NOW,
        },
        (current, already) =>
          returnDecision({
            order: current,
            alreadyReturned: already,
            lines: [{ toolId, quantity }],
            now: new Date(NOW),
            days: 30,
          }),
      );
    const first = await ask(7);
    expect(first?.outcome).toBe('REQUESTED');
    expect(await ask(4)).toMatchObject({ outcome: 'REFUSED' });
    if (first?.outcome !== 'REQUESTED') return;
    await store().returns.step(first.request._id, 'decline', { now: NOW, declineReason: 'No' });
    expect((await ask(10))?.outcome).toBe('REQUESTED');
    expect((await store().returns.listByOrder(order._id)).map((r) => r.status)).toEqual([
      'declined',
      'requested',
    ]);
    expect((await store().returns.list({ status: 'requested', limit: 10 })).length).toBe(1);
  });
}
