import { afterEach, expect, it, vi } from 'vitest';
import { countsAsOrder, isRevenue } from '../../domain/order-status.js';
import type { NewOrderInput, Store } from '../../store/store.js';
import { buildOrderInput, buildTool, buildPayOnInvoice } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

/** Places an order as if it were `iso` now (ids and createdAt both come from the clock). */
async function placeAt(store: Store, iso: string, toolId: string, quantity: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    const input: NewOrderInput = buildOrderInput(toolId, { quantity });
    const result = await store.orders.place(input);
    if (!result.ok) throw new Error(result.reason);
    return result.order;
  } finally {
    vi.useRealTimers();
  }
}

/** A company on net-30 with `email` as its first member (its company-admin). */
async function companyOf(store: Store, email: string) {
  const created = await store.companies.create(
    {
      name: `Stats Ltd ${email}`,
      vatId: 'GB123456789',
      billingAddress: '1 Quay Street, Bristol',
      deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
      paymentTerms: 'net-30',
      creditLimitCents: 1_000_000,
    },
    { email },
  );
  if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
  return created._id;
}

export function statsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  afterEach(() => {
    vi.useRealTimers();
  });

  // A known shop: two selling tools over four days, one of them later deleted, one renamed.
  async function knownShop() {
    const s = store();
    const anvil = await s.tools.create(
      buildTool({
        name: 'Anvil',
        priceCents: 1000,
        availableQuantity: 1000,
        minimumOrderQuantity: 5,
      }),
    );
    const bolt = await s.tools.create(
      buildTool({
        name: 'Bolt',
        priceCents: 250,
        availableQuantity: 1000,
        minimumOrderQuantity: 1,
      }),
    );
    const old = await placeAt(s, '2026-02-01T12:00:00.000Z', bolt._id, 50);
    const justBefore = await placeAt(s, '2026-02-28T23:59:59.500Z', bolt._id, 1);
    const a1 = await placeAt(s, '2026-03-01T00:00:00.200Z', anvil._id, 10);
    const b1 = await placeAt(s, '2026-03-01T10:00:00.000Z', bolt._id, 4);
    const b2 = await placeAt(s, '2026-03-03T23:59:59.000Z', bolt._id, 20);
    const a2 = await placeAt(s, '2026-03-03T08:00:00.000Z', anvil._id, 5);
    for (const order of [old, a1, b2, a2]) await s.orders.markPaid(order._id, `txn_${order._id}`);
    await s.orders.markShipped(b2._id);
    return { anvil, bolt, unpaid: [justBefore, b1] };
  }

  it('when orders exist, then the totals count each status and revenue sums paid orders only', async () => {
    await knownShop();
    expect(await store().stats.orderTotals()).toEqual({
      orders: 6,
      unpaid: 2,
      paid: 3,
      confirmed: 0,
      shipped: 1,
      delivered: 0,
      revenueCents: 12500 + 10000 + 5000 + 5000,
    });
  });

  it('when a paid order is refunded in part, then the revenue counts what was kept (issue 53)', async () => {
    await knownShop();
    const paid = (await store().orders.list({ status: 'paid', offset: 0, limit: 1 })).items[0]!;
    const made = await store().refunds.record({
      orderId: paid._id,
      amountCents: 1500,
      method: 'card',
      lines: [],
      restock: [],
      baseCents: paid.priceCents,
      now: '2026-03-05T00:00:00.000Z',
      by: 'admin@example.com',
    });
    expect(made?.outcome).toBe('RECORDED');
    expect((await store().stats.orderTotals()).revenueCents).toBe(
      12500 + 10000 + 5000 + 5000 - 1500,
    );
  });

  it('when the shop is empty, then every figure is zero and every list empty', async () => {
    const stats = store().stats;
    expect(await stats.orderTotals()).toEqual({
      orders: 0,
      unpaid: 0,
      paid: 0,
      confirmed: 0,
      shipped: 0,
      delivered: 0,
      revenueCents: 0,
    });
    expect(await stats.ordersPerDay('2026-01-01T00:00:00.000Z')).toEqual([]);
    expect(await stats.bestSellers(5)).toEqual([]);
    expect(await stats.lowStock(2, 5)).toEqual([]);
    expect(await stats.customerCount()).toBe(0);
  });

  it('when asking per day, then orders from `since` on are grouped by UTC day with their paid revenue', async () => {
    await knownShop();
    expect(await store().stats.ordersPerDay('2026-03-01T00:00:00.000Z')).toEqual([
      { day: '2026-03-01', orders: 2, revenueCents: 10000 },
      { day: '2026-03-03', orders: 2, revenueCents: 5000 + 5000 },
    ]);
  });

  it('when ranking best sellers, then paid quantity decides, with the current or last known name', async () => {
    const { anvil, bolt } = await knownShop();
    await store().tools.update(anvil._id, { ...buildTool(), name: 'Anvil XL' });
    await store().tools.delete(bolt._id);
    expect(await store().stats.bestSellers(5)).toEqual([
      { toolId: bolt._id, name: 'Bolt', quantity: 70, revenueCents: 17500 },
      { toolId: anvil._id, name: 'Anvil XL', quantity: 15, revenueCents: 15000 },
    ]);
    expect(await store().stats.bestSellers(1)).toHaveLength(1);
  });

  it('when tools run low, then those under factor x minimum come, scarcest first', async () => {
    const s = store();
    const scarce = await s.tools.create(
      buildTool({ availableQuantity: 3, minimumOrderQuantity: 2 }),
    );
    const low = await s.tools.create(buildTool({ availableQuantity: 9, minimumOrderQuantity: 5 }));
    await s.tools.create(buildTool({ availableQuantity: 20, minimumOrderQuantity: 10 }));
    const soldOut = await s.tools.create(
      buildTool({ availableQuantity: 0, minimumOrderQuantity: 1 }),
    );
    const ids = async (limit: number) => (await s.stats.lowStock(2, limit)).map((t) => t._id);
    expect(await ids(10)).toEqual([soldOut._id, scarce._id, low._id]);
    expect(await ids(1)).toEqual([soldOut._id]);
    expect((await s.stats.lowStock(2, 10))[1]).toEqual(await s.tools.get(scarce._id));
  });

  it('when counting customers, then admins are left out', async () => {
    const s = store();
    await s.users.upsert('ana@example.com');
    await s.users.upsert('bo@example.com');
    await s.users.upsert('boss@example.com');
    await s.users.makeAdmin('boss@example.com');
    expect(await s.stats.customerCount()).toBe(2);
  });

  it('when an order on invoice ships unpaid and another is rejected, then neither counts until the invoice is paid, and the rejected one never', async () => {
    const s = store();
    const now = '2026-04-02T10:00:00.000Z';
    const tool = await s.tools.create(
      buildTool({ priceCents: 10_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
    );
    const company = (email: string) => companyOf(s, email);
    const termsId = await company('terms@stats.example');
    const byInvoice = await s.orders.place(
      buildOrderInput(tool._id, {
        quantity: 2,
        userEmail: 'terms@stats.example',
        now,
        payOnInvoice: buildPayOnInvoice(termsId, now),
      }),
    );
    if (!byInvoice.ok) throw new Error(byInvoice.reason);
    // Confirmed on terms, it waits to ship as a paid order does.
    expect(await s.stats.orderTotals()).toMatchObject({ paid: 0, confirmed: 1 });
    await s.orders.markShipped(byInvoice.order._id);
    expect(await s.stats.orderTotals()).toMatchObject({ confirmed: 0, shipped: 1 });

    const limitedId = await company('boss@limited.example');
    await s.companies.updateMember(limitedId, 'boss@limited.example', {
      spendingLimitPerOrderCents: 1,
    });
    const awaiting = await s.orders.place(
      buildOrderInput(tool._id, { quantity: 1, userEmail: 'boss@limited.example', now }),
    );
    if (!awaiting.ok || awaiting.order.status !== 'awaiting_approval')
      throw new Error('unexpected');
    await s.orders.reject(awaiting.order._id, {
      by: 'boss@limited.example',
      at: now,
      reason: 'No',
    });

    const since = '2026-04-01T00:00:00.000Z';
    expect(await s.stats.ordersPerDay(since)).toEqual([
      { day: '2026-04-02', orders: 1, revenueCents: 0 },
    ]);
    expect((await s.stats.orderTotals()).revenueCents).toBe(0);
    expect(await s.stats.bestSellers(5)).toEqual([]);

    const [invoice] = await s.invoices.listOnTerms({ companyId: termsId });
    await s.invoices.recordPayment(invoice?.number ?? '', {
      amountCents: 20_000,
      method: 'bank-transfer',
      reference: 'BANK-STATS',
      receivedOn: '2026-04-03',
      recordedAt: '2026-04-03T09:00:00.000Z',
      recordedBy: 'admin@example.com',
    });
    expect(await s.stats.ordersPerDay(since)).toEqual([
      { day: '2026-04-02', orders: 1, revenueCents: 20_000 },
    ]);
    expect((await s.stats.orderTotals()).revenueCents).toBe(20_000);
    expect(await s.stats.bestSellers(5)).toEqual([
      { toolId: tool._id, name: tool.name, quantity: 2, revenueCents: 20_000 },
    ]);
  });

  it('when orders are in every status, then the day counts those the domain counts as orders, and its revenue those it counts as revenue', async () => {
    const s = store();
    const now = '2026-04-02T10:00:00.000Z';
    // One day for every order, whenever the suite runs (ids and createdAt come from the clock).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    const tool = await s.tools.create(
      buildTool({ priceCents: 1_000, availableQuantity: 1_000, minimumOrderQuantity: 1 }),
    );
    const place = async (overrides: Partial<NewOrderInput> = {}) => {
      const result = await s.orders.place(buildOrderInput(tool._id, { quantity: 1, ...overrides }));
      if (!result.ok) throw new Error(result.reason);
      return result.order._id;
    };
    const paid = async () => {
      const id = await place();
      await s.orders.markPaid(id, `txn_${id}`);
      return id;
    };
    const expired = await place();
    await s.orders.expireDue('2999-01-01T00:00:00.000Z');
    await place();
    await s.orders.cancelUnpaid(await place());
    await paid();
    await s.orders.markShipped(await paid());
    const delivered = await paid();
    await s.orders.markShipped(delivered);
    await s.orders.markDelivered(delivered, now);
    await s.orders.markRefunded(await paid(), { refundId: 're_1', now });
    const termsId = await companyOf(s, 'terms@every.example');
    const byInvoice = {
      userEmail: 'terms@every.example',
      now,
      payOnInvoice: buildPayOnInvoice(termsId, now),
    };
    await place(byInvoice);
    await s.orders.markShipped(await place(byInvoice));
    const limitedId = await companyOf(s, 'boss@every.example');
    await s.companies.updateMember(limitedId, 'boss@every.example', {
      spendingLimitPerOrderCents: 1,
    });
    await place({ userEmail: 'boss@every.example', now });
    await s.orders.reject(await place({ userEmail: 'boss@every.example', now }), {
      by: 'boss@every.example',
      at: now,
      reason: 'No',
    });

    const orders = (await s.orders.list({ offset: 0, limit: 50 })).items;
    expect(new Set(orders.map((order) => order.status)).size).toBe(10);
    expect(orders.find((order) => order._id === expired)?.status).toBe('expired');
    const counted = orders.filter((order) => countsAsOrder(order.status));
    const revenue = orders.filter(isRevenue);
    expect(await s.stats.ordersPerDay('2026-04-02T00:00:00.000Z')).toEqual([
      {
        day: now.slice(0, 10),
        orders: counted.length,
        revenueCents: revenue.reduce((sum, order) => sum + order.priceCents, 0),
      },
    ]);
  });
}
