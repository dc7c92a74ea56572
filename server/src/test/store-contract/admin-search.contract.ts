import { expect, it } from 'vitest';
import type { OrderRecord, Store } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const FAR = '2099-01-01T00:00:00.000Z';

/** Manage Orders' and All Users' filters: the same answers from every adapter. */
export function adminSearchContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  async function place(s: Store, names: string[], email: string, at: string) {
    const tools = await Promise.all(names.map((name) => s.tools.create(buildTool({ name }))));
    const placed = await s.orders.place({
      ...buildOrderInput(tools[0]?._id ?? '', { userEmail: email, now: at, expiresAt: FAR }),
      lines: tools.map((t) => ({ toolId: t._id, quantity: 10 })),
    });
    if (!placed.ok) throw new Error(placed.reason);
    return placed.order;
  }
  const ids = (page: { items: OrderRecord[] }) => page.items.map((o) => o._id);
  const all = { offset: 0, limit: 50 };

  it('when orders are searched, then number, email and any line name match in any case, literally', async () => {
    const s = store();
    const a = await place(s, ['Angle Grinder'], 'jo@example.com', '2026-03-01T10:00:00.000Z');
    const b = await place(
      s,
      ['Hex Keys', 'Torque (50%) Wrench'],
      'BEA@Shop.example',
      '2026-03-02T10:00:00.000Z',
    );
    const c = await place(s, ['Bench Vise'], 'cy@example.com', '2026-03-03T10:00:00.000Z');

    expect(ids(await s.orders.list({ ...all, search: 'GRINDER' }))).toEqual([a._id]);
    expect(ids(await s.orders.list({ ...all, search: 'bea@shop' }))).toEqual([b._id]);
    expect(ids(await s.orders.list({ ...all, search: '(50%)' }))).toEqual([b._id]);
    expect(ids(await s.orders.list({ ...all, search: `tw-${c.number}` }))).toEqual([c._id]);
    expect(ids(await s.orders.list({ ...all, search: '.*' }))).toEqual([]);
    expect(ids(await s.orders.list({ ...all, search: '_' }))).toEqual([]);
    expect(await s.orders.list({ ...all, search: 'example' })).toMatchObject({ total: 3 });
  });

  it("when orders are searched by a line's SKU or a member's company, then those orders match", async () => {
    const s = store();
    const created = await s.companies.create(
      {
        name: 'Quayside Fabrication Ltd',
        vatId: 'GB123456789',
        billingAddress: '1 Quay Street, Bristol',
        deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
        paymentTerms: 'none',
        creditLimitCents: 0,
      },
      { email: 'member@quayside.example' },
    );
    if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
    const member = await place(
      s,
      ['Flange Spreader'],
      'member@quayside.example',
      '2026-03-01T10:00:00.000Z',
    );
    const other = await place(s, ['Pipe Bender'], 'other@example.com', '2026-03-02T10:00:00.000Z');
    expect(member.companyId).toBe(created._id);

    expect(ids(await s.orders.list({ ...all, search: 'quayside FAB' }))).toEqual([member._id]);
    const sku = other.items[0]?.sku ?? '';
    expect(sku).not.toBe('');
    expect(ids(await s.orders.list({ ...all, search: sku.toLowerCase() }))).toEqual([other._id]);
  });

  it('when orders are filtered by placing time and status, then the bounds are from-inclusive, before-exclusive', async () => {
    const s = store();
    const a = await place(s, ['Saw'], 'a@example.com', '2026-03-01T23:59:59.999Z');
    const b = await place(s, ['Saw'], 'b@example.com', '2026-03-02T00:00:00.000Z');
    const c = await place(s, ['Saw'], 'c@example.com', '2026-03-03T00:00:00.000Z');
    await s.orders.markPaid(b._id, 'pi_b');

    const window = {
      placedFrom: '2026-03-02T00:00:00.000Z',
      placedBefore: '2026-03-03T00:00:00.000Z',
    };
    expect(ids(await s.orders.list({ ...all, ...window }))).toEqual([b._id]);
    expect(ids(await s.orders.list({ ...all, placedBefore: window.placedFrom }))).toEqual([a._id]);
    expect(ids(await s.orders.list({ ...all, placedFrom: window.placedFrom }))).toEqual([
      c._id,
      b._id,
    ]);
    expect(
      ids(await s.orders.list({ ...all, status: 'unpaid', placedFrom: window.placedFrom })),
    ).toEqual([c._id]);
    const page = await s.orders.list({ status: 'unpaid', search: 'SAW', offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 2 });
    expect(ids(page)).toEqual([a._id]);
  });

  it('when users are searched, then email or name match in any case, literally, removed ones apart', async () => {
    const s = store();
    await s.users.upsert('grace@navy.example', 'Grace Hopper');
    await s.users.upsert('alan@bletchley.example', 'Alan Turing');
    await s.users.upsert('odd_1%@x.example');
    await s.users.upsert('gone@navy.example', 'Gone Hopper');
    await s.users.remove('gone@navy.example');
    const emails = async (options: { removed?: boolean; search?: string }) =>
      (await s.users.list(options)).map((u) => u.email);

    expect(await emails({ search: 'HOPPER' })).toEqual(['grace@navy.example']);
    expect(await emails({ search: 'Bletchley' })).toEqual(['alan@bletchley.example']);
    expect(await emails({ search: '_1%' })).toEqual(['odd_1%@x.example']);
    expect(await emails({ search: '.*' })).toEqual([]);
    expect(await emails({ search: '' })).toHaveLength(3);
    expect(await emails({ removed: true, search: 'hopper' })).toEqual(['gone@navy.example']);
  });
}
