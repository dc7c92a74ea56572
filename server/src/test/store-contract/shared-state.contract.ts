import { expect, it } from 'vitest';
import type { TestIntentRecord } from '../../store/store.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

/** What instances share through the store: rate-limit counters and test-gateway intents. */
export function sharedStateContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const t0 = Date.parse('2026-01-01T00:00:00Z');

  it('when requests are counted at once, then every one lands and the window restarts after it ends', async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => store().rateLimits.hit('auth:1.2.3.4', 60_000, t0)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(counts[0]?.resetAt).toBe(t0 + 60_000);
    expect(await store().rateLimits.get('auth:1.2.3.4', t0 + 1)).toEqual({
      count: 20,
      resetAt: t0 + 60_000,
    });
    expect(await store().rateLimits.hit('auth:5.6.7.8', 60_000, t0)).toMatchObject({ count: 1 });

    expect(await store().rateLimits.get('auth:1.2.3.4', t0 + 60_000)).toBeNull();
    expect(await store().rateLimits.hit('auth:1.2.3.4', 60_000, t0 + 60_000)).toEqual({
      count: 1,
      resetAt: t0 + 120_000,
    });
  });

  it('when a count is taken back or reset, then the next request sees it', async () => {
    await store().rateLimits.hit('k', 60_000, t0);
    await store().rateLimits.hit('k', 60_000, t0);
    await store().rateLimits.decrement('k');
    expect((await store().rateLimits.get('k', t0))?.count).toBe(1);
    await store().rateLimits.reset('k');
    expect(await store().rateLimits.get('k', t0)).toBeNull();
  });

  const intent = (id: string, key: string | null = `key-${id}`): TestIntentRecord => ({
    id,
    clientSecret: `${id}_secret_x`,
    status: 'requires_payment_method',
    amountCents: 1000,
    currency: 'usd',
    orderId: 'a'.repeat(24),
    idempotencyKey: key,
    createdAt: t0,
  });

  it('when an idempotency key is used twice, then the first intent answers both', async () => {
    const first = await store().testIntents.insertOnce(intent('pi_1', 'order-a'));
    const again = await store().testIntents.insertOnce(intent('pi_2', 'order-a'));
    expect(first).toEqual(intent('pi_1', 'order-a'));
    expect(again.id).toBe('pi_1');
    expect(await store().testIntents.get('pi_2')).toBeNull();
  });

  it('when an intent is confirmed twice at once, then exactly one confirmation succeeds', async () => {
    await store().testIntents.insertOnce(intent('pi_3'));
    const results = await Promise.all([
      store().testIntents.finish('pi_3', 'succeeded'),
      store().testIntents.finish('pi_3', 'succeeded'),
      store().testIntents.finish('pi_3', 'canceled'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store().testIntents.get('pi_3'))?.status).toBe(results.find(Boolean)?.status);
  });

  it('when a day has passed, then keys are forgotten and unsucceeded intents dropped, but not payments', async () => {
    await store().testIntents.insertOnce(intent('pi_open'));
    await store().testIntents.insertOnce(intent('pi_paid'));
    await store().testIntents.finish('pi_paid', 'succeeded');
    await store().testIntents.forget(t0 + 1);
    expect(await store().testIntents.get('pi_open')).toBeNull();
    expect(await store().testIntents.get('pi_paid')).toMatchObject({
      status: 'succeeded',
      idempotencyKey: null,
    });
    const reused = await store().testIntents.insertOnce(intent('pi_new', 'key-pi_paid'));
    expect(reused.id).toBe('pi_new');
  });
}
