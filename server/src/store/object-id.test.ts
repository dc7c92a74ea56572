import { describe, expect, it } from 'vitest';
import { newObjectId, objectIdTime } from './object-id.js';
import { isId } from './store.js';

describe('newObjectId', () => {
  it('when ids are made, then they are 24 lower-case hex characters like MongoDB ObjectIds', () => {
    const id = newObjectId();
    expect(isId(id)).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('when many ids are made in the same second, then they are unique and sort by creation', () => {
    const ids = Array.from({ length: 5000 }, () => newObjectId(1_800_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('when an id is made, then its first four bytes are the creation time in seconds', () => {
    const at = Date.UTC(2026, 10, 22, 14, 30, 5, 750);
    expect(objectIdTime(newObjectId(at)).getTime()).toBe(Date.UTC(2026, 10, 22, 14, 30, 5));
    expect(newObjectId(at + 1000) > newObjectId(at)).toBe(true);
  });

  it('when two ids come from this process, then they share the 5 per-process random bytes', () => {
    expect(newObjectId().slice(8, 18)).toBe(newObjectId().slice(8, 18));
  });
});
