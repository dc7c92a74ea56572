import { expect, it } from 'vitest';
import type { CompanyInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const company: CompanyInput = {
  name: 'Limits Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
  paymentTerms: 'none',
  creditLimitCents: 0,
};

const NOW = '2030-03-15T10:00:00.000Z';
const LATER = '2030-03-15T11:00:00.000Z';

/** Issue 24: spending limits decided in the order's transaction, approvals and rejections. */
export function approvalsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  /** A company whose admin is boss@; `email` joins it as a buyer with these limits (cents). */
  async function member(email: string, perOrder?: number, perMonth?: number) {
    const created = await store().companies.create(company, { email: `boss.${email}` });
    if (created === 'ALREADY_MEMBER') throw new Error('unreachable');
    const tokenHash = `hash-${email}`;
    await store().companies.invite({
      companyId: created._id,
      email,
      role: 'buyer',
      tokenHash,
      invitedBy: `boss.${email}`,
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    await store().companies.acceptInvitation(tokenHash, { email }, NOW);
    await store().companies.updateMember(created._id, email, {
      ...(perOrder !== undefined && { spendingLimitPerOrderCents: perOrder }),
      ...(perMonth !== undefined && { spendingLimitPerMonthCents: perMonth }),
    });
    return created._id;
  }

  /** One order of `quantity` x $10 by `email`, placed at `now`. */
  async function order(toolId: string, email: string, quantity: number, now = NOW) {
    const placed = await store().orders.place(
      buildOrderInput(toolId, { quantity, userEmail: email, now, expiresAt: LATER }),
    );
    if (!placed.ok) throw new Error(`not placed: ${placed.reason}`);
    // What placing answers is what was stored: company, status and clock included.
    expect(await store().orders.get(placed.order._id)).toEqual(placed.order);
    return placed.order;
  }

  const tenDollarTool = () =>
    store().tools.create(
      buildTool({ priceCents: 1000, availableQuantity: 1000, minimumOrderQuantity: 1 }),
    );

  it('when a member orders within, at and above their limit per order, then only the one above awaits approval, holding its stock without a clock', async () => {
    const tool = await tenDollarTool();
    const companyId = await member('within@example.com', 10_000);
    const within = await order(tool._id, 'within@example.com', 10);
    expect(within).toMatchObject({ status: 'unpaid', companyId, expiresAt: LATER });
    const above = await order(tool._id, 'within@example.com', 11);
    expect(above).toMatchObject({ status: 'awaiting_approval', companyId });
    expect(above.expiresAt).toBeUndefined();
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(1000 - 21);
    // No clock: nothing expires it, however late.
    expect(await store().orders.expireDue('2999-01-01T00:00:00.000Z')).toHaveLength(1);
    expect((await store().orders.get(above._id))?.status).toBe('awaiting_approval');
  });

  it('when an order awaits approval with a window, then it is not unpaid, expires at the window with its stock back, and the month counts it until then', async () => {
    const tool = await tenDollarTool();
    await member('window@example.com', 500);
    const WINDOW = '2030-03-22T10:00:00.000Z';
    const placed = await store().orders.place(
      buildOrderInput(tool._id, {
        quantity: 10,
        userEmail: 'window@example.com',
        now: NOW,
        expiresAt: LATER,
        approvalExpiresAt: WINDOW,
      }),
    );
    if (!placed.ok) throw new Error(`not placed: ${placed.reason}`);
    expect(placed.order).toMatchObject({ status: 'awaiting_approval', expiresAt: WINDOW });
    expect(await store().orders.countUnpaid('window@example.com', NOW)).toBe(0);
    expect(await store().orders.spentThisMonth('window@example.com', NOW)).toBe(10_000);
    expect(await store().orders.expireUnapproved('2030-03-22T09:59:59.000Z')).toEqual([]);
    const expired = await store().orders.expireUnapproved(WINDOW);
    expect(expired.map((o) => [o._id, o.status])).toEqual([[placed.order._id, 'expired']]);
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(1000);
    expect(await store().orders.spentThisMonth('window@example.com', NOW)).toBe(0);
  });

  it("when a member's month would go above the monthly limit, then the order awaits approval; last month's and ended orders do not count", async () => {
    const tool = await tenDollarTool();
    await member('monthly@example.com', undefined, 20_000);
    await order(tool._id, 'monthly@example.com', 15, '2030-02-28T23:59:59.000Z');
    const first = await order(tool._id, 'monthly@example.com', 10);
    const cancelled = await order(tool._id, 'monthly@example.com', 5);
    await store().orders.cancelUnpaid(cancelled._id, NOW);
    expect(first.status).toBe('unpaid');
    expect((await order(tool._id, 'monthly@example.com', 10)).status).toBe('unpaid');
    expect((await order(tool._id, 'monthly@example.com', 1)).status).toBe('awaiting_approval');
  });

  it('when someone outside any company orders, then the order has no company and no approval', async () => {
    const tool = await tenDollarTool();
    const placed = await order(tool._id, 'loner@example.com', 500);
    expect(placed.status).toBe('unpaid');
    expect(placed.companyId).toBeUndefined();
  });

  it('when two approvals race, then exactly one approves, with the new clock; paying is refused before it', async () => {
    const tool = await tenDollarTool();
    const companyId = await member('racer@example.com', 100);
    const awaiting = await order(tool._id, 'racer@example.com', 5);
    expect((await store().orders.markPaid(awaiting._id, 'pi_early'))?.outcome).toBe('NOT_PAYABLE');
    expect(await store().orders.markShipped(awaiting._id)).toBeNull();
    const approval = (by: string) => ({
      by,
      at: NOW,
      next: { status: 'unpaid' as const, expiresAt: '2030-03-15T12:00:00.000Z' },
    });
    const results = await Promise.all([
      store().orders.approve(awaiting._id, approval('a@example.com')),
      store().orders.approve(awaiting._id, approval('b@example.com')),
    ]);
    expect(results.map((r) => r?.outcome).sort()).toEqual(['DONE', 'NOT_AWAITING']);
    const approved = await store().orders.get(awaiting._id);
    expect(approved).toMatchObject({
      status: 'unpaid',
      expiresAt: '2030-03-15T12:00:00.000Z',
      approvedAt: NOW,
    });
    expect(['a@example.com', 'b@example.com']).toContain(approved?.approvedBy);
    expect((await store().orders.listByCompany(companyId, 'awaiting_approval')).length).toBe(0);
    expect((await store().orders.markPaid(awaiting._id, 'pi_ok'))?.outcome).toBe('PAID');
  });

  it('when an order awaiting approval is rejected, then its stock returns once, the reason is kept, and it can no longer be approved', async () => {
    const tool = await tenDollarTool();
    const companyId = await member('rejected@example.com', 100);
    const awaiting = await order(tool._id, 'rejected@example.com', 30);
    expect(await store().orders.listByCompany(companyId, 'awaiting_approval')).toEqual([
      expect.objectContaining({ _id: awaiting._id }),
    ]);
    const rejection = { by: 'boss@example.com', at: NOW, reason: 'Over budget' };
    const [first, second] = await Promise.all([
      store().orders.reject(awaiting._id, rejection),
      store().orders.reject(awaiting._id, rejection),
    ]);
    expect([first?.outcome, second?.outcome].sort()).toEqual(['DONE', 'NOT_AWAITING']);
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(1000);
    expect(await store().orders.get(awaiting._id)).toMatchObject({
      status: 'rejected',
      rejectedBy: 'boss@example.com',
      rejectionReason: 'Over budget',
    });
    const late = await store().orders.approve(awaiting._id, {
      by: 'x@example.com',
      at: NOW,
      next: { status: 'unpaid', expiresAt: LATER },
    });
    expect(late?.outcome).toBe('NOT_AWAITING');
    const unknown = {
      by: 'x@example.com',
      at: NOW,
      next: { status: 'unpaid' as const, expiresAt: LATER },
    };
    expect(await store().orders.approve('0123456789abcdef01234567', unknown)).toBeNull();
    expect((await store().orders.listByCompany(companyId)).map((o) => o.status)).toEqual([
      'rejected',
    ]);
  });

  it('when the buyer cancels an order awaiting approval, then its stock returns', async () => {
    const tool = await tenDollarTool();
    await member('canceller@example.com', 100);
    const awaiting = await order(tool._id, 'canceller@example.com', 40);
    expect(await store().orders.cancelUnpaid(awaiting._id, NOW)).toBe('CANCELLED');
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(1000);
  });

  it('when a user is removed, then their membership ends, unless they are its only company-admin', async () => {
    await store().users.upsert('leaver@example.com');
    await store().users.upsert('boss.leaver@example.com');
    const companyId = await member('leaver@example.com', 100);
    expect(await store().users.remove('boss.leaver@example.com')).toBe('LAST_COMPANY_ADMIN');
    expect(await store().companies.membershipOf('boss.leaver@example.com')).not.toBeNull();
    expect((await store().users.getByEmail('boss.leaver@example.com'))?.removedAt).toBeUndefined();
    expect(await store().users.remove('leaver@example.com')).toBe('REMOVED');
    expect(await store().companies.membershipOf('leaver@example.com')).toBeNull();
    expect(await store().companies.companyIdOf('leaver@example.com')).toBeNull();
    expect((await store().companies.members(companyId)).map((m) => m.email)).toEqual([
      'boss.leaver@example.com',
    ]);
  });
}
