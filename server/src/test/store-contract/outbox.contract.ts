import { expect, it } from 'vitest';
import { MAIL_PRIORITY, type OutboxMessageInput } from '../../store/store.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const T0 = '2026-05-01T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

const mail = (overrides: Partial<OutboxMessageInput> = {}): OutboxMessageInput => ({
  kind: 'order-placed',
  orderId: '65f0a1b2c3d4e5f6a7b8c9d0',
  to: 'ana@example.com',
  subject: 'Order TW-100001 placed',
  html: '<p>hi</p>',
  text: 'hi',
  ...overrides,
});

export function outboxContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when a message is enqueued twice with one dedupe key, then it is stored once', async () => {
    const first = await store().outbox.enqueue(mail({ dedupeKey: 'placed:1' }), T0);
    const again = await store().outbox.enqueue(mail({ dedupeKey: 'placed:1', subject: 'x' }), T0);
    expect(first.created).toBe(true);
    expect(again).toEqual({ message: first.message, created: false });
    expect(first.message).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: T0,
      attachments: [],
    });
    expect((await store().outbox.list({ offset: 0, limit: 10 })).total).toBe(1);
  });

  it('when account mail is queued after order mail, then a claim takes it first, then the longest due', async () => {
    const old = await store().outbox.enqueue(mail({ subject: 'old order' }), T0);
    const newer = await store().outbox.enqueue(mail({ subject: 'newer order' }), at(1000));
    const invite = await store().outbox.enqueue(
      mail({ kind: 'company-invitation', subject: 'invite', priority: MAIL_PRIORITY.account }),
      at(2000),
    );
    expect(invite.message.priority).toBe(MAIL_PRIORITY.account);
    expect(old.message.priority).toBe(MAIL_PRIORITY.bulk);
    const first = await store().outbox.claim('w1', at(3000), 60_000, 2);
    expect(first.map((m) => m.subject)).toEqual(['invite', 'old order']);
    const rest = await store().outbox.claim('w1', at(3000), 60_000, 2);
    expect(rest.map((m) => m._id)).toEqual([newer.message._id]);
  });

  it('when a message is kept as its body source, then every read returns the source as written', async () => {
    const bodySource = {
      template: 'buyer',
      data: { event: 'placed', order: { _id: 'o1', number: 'TW-100001', price: 12.5 } },
    };
    const { message } = await store().outbox.enqueue(
      mail({ html: '', text: '', bodySource, dedupeKey: 'placed:o1' }),
      T0,
    );
    const plain = await store().outbox.enqueue(mail(), T0);
    expect(message).toMatchObject({ html: '', text: '', bodySource });
    expect(await store().outbox.get(message._id)).toEqual(message);
    const [claimed] = await store().outbox.claim('w1', T0, 60_000, 1);
    expect(claimed).toMatchObject({ _id: message._id, bodySource });
    expect(plain.message).not.toHaveProperty('bodySource');
  });

  it('when two workers claim at once, then each due message goes to exactly one of them', async () => {
    for (let i = 0; i < 6; i++) await store().outbox.enqueue(mail({ to: `u${i}@example.com` }), T0);
    const [a, b] = await Promise.all([
      store().outbox.claim('a', at(1), 60_000, 4),
      store().outbox.claim('b', at(1), 60_000, 4),
    ]);
    const ids = [...a, ...b].map((m) => m._id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect([...a, ...b].every((m) => m.attempts === 1)).toBe(true);
    // Held: nobody else gets them until the lease runs out, then they can be taken over.
    expect(await store().outbox.claim('c', at(30_000), 60_000, 10)).toEqual([]);
    expect(await store().outbox.claim('c', at(61_001), 60_000, 10)).toHaveLength(6);
  });

  it('when a message is not due yet, then it is not claimed', async () => {
    await store().outbox.enqueue(mail(), at(5000));
    expect(await store().outbox.claim('a', at(4999), 60_000, 10)).toEqual([]);
    expect(await store().outbox.claim('a', at(5000), 60_000, 10)).toHaveLength(1);
  });

  it('when the lease holder settles, then sent is final; another worker cannot settle it', async () => {
    const { message } = await store().outbox.enqueue(mail(), T0);
    await store().outbox.claim('a', T0, 60_000, 1);
    expect(await store().outbox.markSent(message._id, 'b', at(1))).toBe(false);
    expect(await store().outbox.markSent(message._id, 'a', at(1))).toBe(true);
    const sent = await store().outbox.get(message._id);
    expect(sent).toMatchObject({ status: 'sent', sentAt: at(1), attempts: 1 });
    expect(sent).not.toHaveProperty('claimedBy');
    expect(await store().outbox.claim('a', at(999_999), 60_000, 1)).toEqual([]);
  });

  it('when a send fails, then it waits until its retry time; with no retry time it is failed', async () => {
    const { message } = await store().outbox.enqueue(mail(), T0);
    await store().outbox.claim('a', T0, 60_000, 1);
    expect(await store().outbox.markFailed(message._id, 'a', 'refused', at(10_000))).toBe(true);
    expect(await store().outbox.get(message._id)).toMatchObject({
      status: 'pending',
      lastError: 'refused',
      nextAttemptAt: at(10_000),
    });
    expect(await store().outbox.claim('a', at(9_999), 60_000, 1)).toEqual([]);
    const [second] = await store().outbox.claim('a', at(10_000), 60_000, 1);
    expect(second?.attempts).toBe(2);
    await store().outbox.markFailed(message._id, 'a', 'refused again', null);
    expect(await store().outbox.get(message._id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await store().outbox.claim('a', at(999_999_999), 60_000, 1)).toEqual([]);
    const failed = await store().outbox.list({ status: 'failed', offset: 0, limit: 10 });
    expect(failed.items.map((m) => m._id)).toEqual([message._id]);
  });

  it('when a failed message is retried, then it is pending and due with fresh attempts; others are refused', async () => {
    const { message } = await store().outbox.enqueue(mail(), T0);
    expect(await store().outbox.retry(message._id, at(1))).toBe('NOT_FAILED');
    expect(await store().outbox.retry('65f0a1b2c3d4e5f6a7b8c9ff', at(1))).toBeNull();
    await store().outbox.claim('a', T0, 60_000, 1);
    await store().outbox.markFailed(message._id, 'a', 'down', null);
    expect(await store().outbox.retry(message._id, at(2))).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at(2),
    });
    expect(await store().outbox.claim('b', at(2), 60_000, 1)).toHaveLength(1);
  });

  it('when listing, then newest first with a total per status', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await store().outbox.enqueue(mail({ to: `n${i}@example.com` }), T0)).message._id);
    const page = await store().outbox.list({ offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.items.map((m) => m._id)).toEqual([ids[1]]);
    expect((await store().outbox.list({ status: 'sent', offset: 0, limit: 10 })).total).toBe(0);
  });
}
