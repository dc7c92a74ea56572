import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { StatsOverviewSchema } from '@toolworks/contract/stats';
import type { ToolRecord } from '../../store/store.js';
import { buildOrderInput, buildTool, buildPayOnInvoice } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import { lastDays } from './stats.service.js';

const shop = useAdminTestApp();

const DAY = 24 * 60 * 60 * 1000;
const todayStart = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
const overview = async () =>
  StatsOverviewSchema.parse(
    (
      await request(shop.app)
        .get('/api/stats/overview')
        .set('Authorization', shop.admin.bearer)
        .expect(200)
    ).body,
  );

/** Places (and maybe pays and ships) an order as if the clock read `at`. */
async function orderAt(
  at: number,
  tool: ToolRecord,
  quantity: number,
  state: 'unpaid' | 'paid' | 'shipped',
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    // Reservations that outlast the test: an unpaid order here stays unpaid, not expired.
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, { quantity, expiresAt: '2099-01-01T00:00:00.000Z' }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    if (state !== 'unpaid')
      await shop.store.orders.markPaid(placed.order._id, `pi_test_${placed.order._id}`);
    if (state === 'shipped') await shop.store.orders.markShipped(placed.order._id);
  } finally {
    vi.useRealTimers();
  }
}

describe('lastDays', () => {
  it('when asked for 3 days across a month end, then oldest first up to today, in UTC', () => {
    expect(lastDays(new Date('2026-03-01T23:30:00-05:00'), 3)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('GET /api/stats/overview', () => {
  it('when nobody or a customer asks, then 401 or 403', async () => {
    await request(shop.app).get('/api/stats/overview').expect(401);
    const res = await request(shop.app)
      .get('/api/stats/overview')
      .set('Authorization', shop.customer.bearer)
      .expect(403);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('FORBIDDEN');
  });

  it('when the shop has no orders, then zeros, 30 empty days ending today and empty lists', async () => {
    const stats = await overview();
    expect(stats.totals).toEqual({
      orders: 0,
      unpaid: 0,
      paid: 0,
      confirmed: 0,
      shipped: 0,
      delivered: 0,
      revenue: 0,
      customers: 1,
      tools: 0,
    });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      orders: 0,
      revenue: 0,
    });
    expect(stats.daily.every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
    expect(stats.bestSellers).toEqual([]);
    expect(stats.lowStock).toEqual([]);
  });

  it('when a known set of orders exists, then every figure matches it', async () => {
    const hexKeys = await shop.store.tools.create(
      buildTool({
        name: 'Hex Key Set',
        priceCents: 500,
        availableQuantity: 1000,
        minimumOrderQuantity: 10,
      }),
    );
    const wrench = await shop.store.tools.create(
      buildTool({
        name: 'Torque Wrench',
        priceCents: 8000,
        availableQuantity: 100,
        minimumOrderQuantity: 1,
      }),
    );
    const cutter = await shop.store.tools.create(
      buildTool({ name: 'Pipe Cutter', availableQuantity: 5, minimumOrderQuantity: 4 }),
    );
    await shop.store.tools.create(
      buildTool({ name: 'Just Enough', availableQuantity: 30, minimumOrderQuantity: 15 }),
    );
    await shop.store.users.upsert('second-buyer@example.com');

    const today = todayStart();
    await orderAt(today - 45 * DAY, hexKeys, 100, 'paid');
    await orderAt(today - 29 * DAY - 1000, wrench, 1, 'unpaid');
    await orderAt(today - 29 * DAY + 5000, wrench, 2, 'paid');
    await orderAt(today - 3 * DAY + 12 * 3600_000, hexKeys, 20, 'shipped');
    await orderAt(today - 3 * DAY + 13 * 3600_000, wrench, 3, 'unpaid');
    await orderAt(today + 1000, hexKeys, 10, 'paid');

    const stats = await overview();
    expect(stats.totals).toEqual({
      orders: 6,
      unpaid: 2,
      paid: 3,
      confirmed: 0,
      shipped: 1,
      delivered: 0,
      revenue: 500 + 160 + 100 + 50,
      customers: 2,
      tools: 4,
    });

    const day = (offset: number) => new Date(today - offset * DAY).toISOString().slice(0, 10);
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[0]).toEqual({ date: day(29), orders: 1, revenue: 160 });
    expect(stats.daily[26]).toEqual({ date: day(3), orders: 2, revenue: 100 });
    expect(stats.daily[29]).toEqual({ date: day(0), orders: 1, revenue: 50 });
    expect(stats.daily.reduce((sum, d) => sum + d.orders, 0)).toBe(4);

    // Paid orders only: the wrench's unpaid 4 do not count.
    expect(stats.bestSellers).toEqual([
      { toolId: hexKeys._id, name: 'Hex Key Set', quantity: 130, revenue: 650 },
      { toolId: wrench._id, name: 'Torque Wrench', quantity: 2, revenue: 160 },
    ]);
    expect(stats.lowStock).toEqual([
      { _id: cutter._id, name: 'Pipe Cutter', availableQuantity: 5, MinimumOrderQuantity: 4 },
    ]);
  });
});

describe('GET /api/stats/overview and Manage Orders count the same orders', () => {
  it('when orders are in every status, one of them a reservation that has run out, then each figure equals its tab', async () => {
    const tool = await shop.store.tools.create(
      buildTool({ name: 'Counted Lathe', availableQuantity: 10_000, minimumOrderQuantity: 1 }),
    );
    const place = async (expiresAt = '2099-01-01T00:00:00.000Z') => {
      const placed = await shop.store.orders.place(buildOrderInput(tool._id, { expiresAt }));
      if (!placed.ok) throw new Error(placed.reason);
      return placed.order._id;
    };
    const paid = async () => {
      const id = await place();
      await shop.store.orders.markPaid(id, `pi_${id}`);
      return id;
    };
    await place();
    await place(new Date(Date.now() - 60_000).toISOString()); // due: Manage Orders shows it expired
    await shop.store.orders.cancelUnpaid(await place());
    await paid();
    await shop.store.orders.markShipped(await paid());
    const delivered = await paid();
    await shop.store.orders.markShipped(delivered);
    await shop.store.orders.markDelivered(delivered, new Date().toISOString());
    await shop.store.orders.markRefunded(await paid(), {
      refundId: 're_count',
      now: new Date().toISOString(),
    });

    const { totals } = await overview();
    const tab = async (status?: string) => {
      const res = await request(shop.app)
        .get('/api/orders')
        .query(status ? { status } : {})
        .set('Authorization', shop.admin.bearer)
        .expect(200);
      return Number(res.headers['x-total-count']);
    };

    expect(totals.orders).toBe(await tab());
    expect(totals.unpaid).toBe(await tab('unpaid'));
    expect(totals.paid).toBe(await tab('paid'));
    expect(totals.shipped).toBe(await tab('shipped'));
    expect(totals.delivered).toBe(await tab('delivered'));
  });
});

describe('GET /api/stats/overview counts orders, and revenue only once paid', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const todays = async () => {
    const stats = await overview();
    const day = stats.daily.find((d) => d.date === today());
    return {
      orders: day?.orders ?? 0,
      dayRevenue: day?.revenue ?? 0,
      revenue: stats.totals.revenue,
    };
  };
  const hundredDollarTool = () =>
    shop.store.tools.create(
      buildTool({ priceCents: 10_000, availableQuantity: 1000, minimumOrderQuantity: 1 }),
    );

  it('when an order awaiting approval is rejected, then it is not an order of its day', async () => {
    const tool = await hundredDollarTool();
    const buyer = `rejected-${Date.now()}@example.com`;
    const companyId = await createTradeCompany(
      shop.store,
      { email: `boss-${buyer}` },
      {
        members: [{ email: buyer, role: 'buyer' }],
      },
    );
    await shop.store.companies.updateMember(companyId, buyer, { spendingLimitPerOrderCents: 1 });
    const before = await todays();
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, { quantity: 1, userEmail: buyer }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.order.status).toBe('awaiting_approval');
    expect((await todays()).orders).toBe(before.orders + 1);

    await shop.store.orders.reject(placed.order._id, {
      by: `boss-${buyer}`,
      at: new Date().toISOString(),
      reason: 'Not this month',
    });
    expect((await todays()).orders).toBe(before.orders);
  });

  it('when an order on invoice is confirmed and shipped, then it is no revenue until its invoice is paid', async () => {
    const tool = await hundredDollarTool();
    const buyer = `invoice-${Date.now()}@example.com`;
    const companyId = await createTradeCompany(shop.store, { email: buyer });
    const before = await todays();
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, {
        quantity: 2,
        userEmail: buyer,
        payOnInvoice: buildPayOnInvoice(companyId),
      }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.order.status).toBe('confirmed');
    expect(await todays()).toEqual({ ...before, orders: before.orders + 1 });
    await shop.store.orders.markShipped(placed.order._id);
    expect(await todays()).toEqual({ ...before, orders: before.orders + 1 });

    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    const payment = (amountCents: number, reference: string) =>
      shop.store.invoices.recordPayment(invoice?.number ?? '', {
        amountCents,
        method: 'bank-transfer',
        reference,
        receivedOn: today(),
        recordedAt: new Date().toISOString(),
        recordedBy: shop.admin.email,
      });
    await payment(5_000, 'part');
    expect((await todays()).revenue).toBe(before.revenue);
    await payment(15_000, 'rest');
    expect(await todays()).toEqual({
      orders: before.orders + 1,
      dayRevenue: before.dayRevenue + 200,
      revenue: before.revenue + 200,
    });
  });
});
