import { expect, it } from 'vitest';
import type { NewOrderInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const T0 = '2026-05-01T10:00:00.000Z';
const T1 = '2026-05-01T11:00:00.000Z';
const NEXT_DAY = '2026-05-02T10:00:01.000Z';

/** One cart, one order; a retried request with its key answers the order it placed. */
export function repeatRequestsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const email = 'repeat@example.com';
  const tool = () =>
    store().tools.create(buildTool({ availableQuantity: 100, minimumOrderQuantity: 1 }));
  const place = (toolId: string, extra: Partial<NewOrderInput> = {}) =>
    store().orders.place({
      ...buildOrderInput(toolId, { quantity: 3 }),
      userEmail: email,
      now: T0,
      expiresAt: T1,
      ...extra,
    });
  const stockOf = async (id: string) => (await store().tools.get(id))?.availableQuantity;

  it('when the same cart is checked out three times at once, then one order is placed and the others find the cart empty', async () => {
    const t = await tool();
    await store().carts.set(email, t._id, 3, T0);
    const results = await Promise.all([0, 1, 2].map(() => place(t._id, { fromCart: true })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual([
      'CART_EMPTY',
      'CART_EMPTY',
    ]);
    expect(await stockOf(t._id)).toBe(97);
    expect(await store().orders.listByEmail(email)).toHaveLength(1);
  });

  it('when the cart changed since it was read, then nothing is placed and the cart is kept', async () => {
    const t = await tool();
    await store().carts.set(email, t._id, 5, T0);
    const result = await place(t._id, { fromCart: true });
    expect(result).toEqual({ ok: false, reason: 'CART_CHANGED' });
    expect(await stockOf(t._id)).toBe(100);
    expect((await store().carts.get(email)).map((l) => l.quantity)).toEqual([5]);
  });

  it('when a tool in the cart was deleted since, then the rest of the cart is checked out and the cart is emptied', async () => {
    const [kept, gone] = [await tool(), await tool()];
    await store().carts.set(email, kept._id, 3, T0);
    await store().carts.set(email, gone._id, 2, T0);
    await store().tools.delete(gone._id);
    const result = await place(kept._id, { fromCart: true });
    expect(result.ok).toBe(true);
    expect(await store().carts.get(email)).toEqual([]);
  });

  it('when a key is sent again (also at once), then the first order is answered and nothing new is placed', async () => {
    const t = await tool();
    const claim = { scope: 'order' as const, key: 'key-1', fingerprint: 'f1' };
    const [first, second] = await Promise.all([
      place(t._id, { idempotency: claim }),
      place(t._id, { idempotency: claim }),
    ]);
    if (!first?.ok || !second?.ok) throw new Error('both attempts answer the order');
    expect(second.order._id).toBe(first.order._id);
    expect([first.replayed, second.replayed].filter(Boolean)).toHaveLength(1);
    const again = await place(t._id, { idempotency: claim });
    expect(again).toMatchObject({ ok: true, replayed: true, order: { _id: first.order._id } });
    expect(await stockOf(t._id)).toBe(97);
    expect(await store().orders.byIdempotencyKey(email, claim, T1)).toEqual({
      fingerprint: 'f1',
      order: await store().orders.get(first.order._id),
    });
  });

  it('when a key is reused for another request, then it is refused; another scope or buyer or a day later, it is new', async () => {
    const t = await tool();
    const claim = { scope: 'order' as const, key: 'key-2', fingerprint: 'f1' };
    expect((await place(t._id, { idempotency: claim })).ok).toBe(true);
    expect(await place(t._id, { idempotency: { ...claim, fingerprint: 'f2' } })).toEqual({
      ok: false,
      reason: 'IDEMPOTENCY_KEY_REUSED',
    });
    const other = await place(t._id, { idempotency: { ...claim, scope: 'checkout' } });
    expect(other.ok && !other.replayed).toBe(true);
    const someoneElse = await place(t._id, { idempotency: claim, userEmail: 'b@example.com' });
    expect(someoneElse.ok && !someoneElse.replayed).toBe(true);
    expect(await store().orders.byIdempotencyKey(email, claim, NEXT_DAY)).toBeNull();
    const dayLater = await place(t._id, { idempotency: claim, now: NEXT_DAY });
    expect(dayLater.ok && !dayLater.replayed).toBe(true);
    expect(await stockOf(t._id)).toBe(88);
  });
}
