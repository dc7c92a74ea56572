import { expect, it } from 'vitest';
import { buildOrderInput, buildReview, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

/** Issue 23: one review per buyer and tool; a refund takes "verified" and the rating away. */
export function reviewRulesContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  async function paidOrder(toolIds: string[], email: string) {
    const placed = await store().orders.place({
      ...buildOrderInput(toolIds[0]!, { userEmail: email }),
      lines: toolIds.map((toolId) => ({ toolId, quantity: 10 })),
    });
    if (!placed.ok) throw new Error(placed.reason);
    await store().orders.markPaid(placed.order._id, `pi_${placed.order._id}`);
    return placed.order;
  }
  const rating = async (id: string) => {
    const tool = await store().tools.get(id);
    return { sum: tool?.ratingSum, count: tool?.ratingCount };
  };

  it('when a buyer reviews a tool twice, then the second is DUPLICATE and the rating counts one', async () => {
    const tool = await store().tools.create(buildTool());
    await paidOrder([tool._id], 'twice@example.com');
    const review = buildReview({
      authorEmail: 'twice@example.com',
      toolId: tool._id,
      verified: true,
    });
    expect(await store().reviews.create(review)).toMatchObject({ verified: true });
    expect(await store().reviews.create({ ...review, authorEmail: 'TWICE@example.com' })).toBe(
      'DUPLICATE',
    );
    expect(await rating(tool._id)).toEqual({ sum: 5, count: 1 });
    // Reviews of the shop are not limited.
    await store().reviews.create(buildReview({ authorEmail: 'twice@example.com' }));
    expect(
      await store().reviews.create(buildReview({ authorEmail: 'twice@example.com' })),
    ).not.toBe('DUPLICATE');
  });

  it('when the paid order is refunded, then the review is unverified and leaves the rating; paid again, it returns', async () => {
    const [a, b] = [
      await store().tools.create(buildTool()),
      await store().tools.create(buildTool()),
    ];
    const order = await paidOrder([a._id, b._id], 'refund@example.com');
    const review = await store().reviews.create(
      buildReview({ authorEmail: 'refund@example.com', toolId: b._id, ratings: 4, verified: true }),
    );
    if (review === 'DUPLICATE') throw new Error('not a duplicate');
    expect(await rating(b._id)).toEqual({ sum: 4, count: 1 });

    await store().orders.markRefunded(order._id, {
      refundId: 're_1',
      now: new Date().toISOString(),
    });

    expect((await store().reviews.get(review._id))?.verified).toBe(false);
    expect(await rating(b._id)).toEqual({ sum: 0, count: 0 });
    // Hiding and showing an unverified review moves no rating.
    await store().reviews.setHidden(review._id, true);
    await store().reviews.setHidden(review._id, false);
    expect(await rating(b._id)).toEqual({ sum: 0, count: 0 });

    await paidOrder([b._id], 'refund@example.com');
    expect((await store().reviews.get(review._id))?.verified).toBe(true);
    expect(await rating(b._id)).toEqual({ sum: 4, count: 1 });
  });

  it('when a review claims verified without a paid order, then it is stored unverified and not rated', async () => {
    const tool = await store().tools.create(buildTool());
    const review = await store().reviews.create(
      buildReview({ authorEmail: 'nobuy@example.com', toolId: tool._id, verified: true }),
    );
    expect(review).toMatchObject({ verified: false });
    expect(await rating(tool._id)).toEqual({ sum: 0, count: 0 });
  });

  it('when the buyer is removed, then an order placed for them is refused; restored, the removal time is kept', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    await store().users.upsert('gone@example.com', 'Gone');
    expect(await store().users.remove('gone@example.com')).toBe('REMOVED');

    const placed = await store().orders.place(
      buildOrderInput(tool._id, { userEmail: 'gone@example.com', quantity: 10 }),
    );

    expect(placed).toEqual({ ok: false, reason: 'USER_REMOVED' });
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(100);
    const removed = await store().users.getByEmail('gone@example.com', { includeRemoved: true });
    expect(removed?.sessionsValidFrom).toBe(removed?.removedAt);
    await store().users.restore('gone@example.com');
    const back = await store().users.getByEmail('gone@example.com');
    expect(back?.removedAt).toBeUndefined();
    expect(back?.sessionsValidFrom).toBe(removed?.removedAt);
  });
}
