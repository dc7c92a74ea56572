import { expect, it } from 'vitest';
import { oncePerTurn } from './sqlite-store.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it('when asked again in the same turn of the event loop, then it answers what it read; from the next turn it reads again', async () => {
  let value = 1;
  let reads = 0;
  const current = oncePerTurn(() => {
    reads += 1;
    return value;
  });
  expect([current(), current()]).toEqual([1, 1]);
  value = 2;
  await Promise.resolve(); // a microtask is still the same turn
  expect(current()).toBe(1);
  expect(reads).toBe(1);
  await nextTurn();
  expect(current()).toBe(2);
  expect(reads).toBe(2);
});
