import { expect, it } from 'vitest';
import { isId } from '../../store/store.js';
import { buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

export function toolsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when a tool is created, then it has a 24-hex id and reads back with every field', async () => {
    const input = buildTool({ priceCents: 1999, availableQuantity: 40, minimumOrderQuantity: 5 });
    const created = await store().tools.create(input);
    expect(isId(created._id)).toBe(true);
    expect(created).toMatchObject(input);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(await store().tools.get(created._id)).toEqual(created);
  });

  it('when a tool is created without pack fields, then it is sold by the piece; an update keeps what it leaves out', async () => {
    const plain = await store().tools.create(buildTool());
    expect(plain).toMatchObject({ unit: 'C62', packSize: 1, orderMultiple: 1, priceBasis: 1 });
    const rivets = await store().tools.create(
      buildTool({ unit: 'C62', packSize: 100, orderMultiple: 2, priceBasis: 100 }),
    );
    expect(rivets).toMatchObject({ packSize: 100, orderMultiple: 2, priceBasis: 100 });
    const edited = await store().tools.update(rivets._id, { ...buildTool(), unit: 'KGM' });
    expect(edited).toMatchObject({ unit: 'KGM', packSize: 100, orderMultiple: 2, priceBasis: 100 });
    expect(await store().tools.get(rivets._id)).toEqual(edited);
  });

  it('when a tool is created without a tax class, then it is standard; an update keeps what it leaves out', async () => {
    const plain = await store().tools.create(buildTool());
    expect(plain.taxClass).toBe('standard');
    const reduced = await store().tools.create(buildTool({ taxClass: 'reduced' }));
    expect(reduced.taxClass).toBe('reduced');
    const edited = await store().tools.update(reduced._id, buildTool());
    expect(edited).toMatchObject({ taxClass: 'reduced' });
    const zero = await store().tools.update(reduced._id, { ...buildTool(), taxClass: 'zero' });
    expect(zero).toMatchObject({ taxClass: 'zero' });
    expect(await store().tools.get(reduced._id)).toEqual(zero);
  });

  it('when tools are listed, then the newest comes first and pages carry the total', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await store().tools.create(buildTool()))._id);
    const newestFirst = [...ids].reverse();

    const all = await store().tools.list({ offset: 0, limit: 10 });
    expect(all.items.map((t) => t._id)).toEqual(newestFirst);
    expect(all.total).toBe(5);
    const page = await store().tools.list({ offset: 2, limit: 2 });
    expect(page.items.map((t) => t._id)).toEqual(newestFirst.slice(2, 4));
    expect(page.total).toBe(5);
    expect((await store().tools.list({ offset: 10, limit: 2 })).items).toEqual([]);
    expect([...ids].sort()).toEqual(ids);
  });

  it('when tools are listed serialised, then each is its record serialised, and a change shows at once', async () => {
    const serialize = (tool: { name: string; availableQuantity: number; specs: unknown }) =>
      JSON.stringify([tool.name, tool.availableQuantity, tool.specs]);
    const a = await store().tools.create(buildTool({ specs: [{ name: 'Torque', value: '9 Nm' }] }));
    await store().tools.create(buildTool());
    const records = await store().tools.list({ offset: 0, limit: 10 });
    const page = await store().tools.listSerialized({ offset: 0, limit: 10 }, serialize);
    expect(page).toEqual({ items: records.items.map(serialize), total: 2 });

    await store().tools.update(a._id, { ...buildTool(), name: 'Renamed', availableQuantity: 7 });
    const again = await store().tools.listSerialized(
      { offset: 0, limit: 10, withTotal: false },
      serialize,
    );
    expect(again.items).toEqual(
      (await store().tools.list({ offset: 0, limit: 10 })).items.map(serialize),
    );
    expect(again.items).toContain(
      JSON.stringify(['Renamed', 7, [{ name: 'Torque', value: '9 Nm' }]]),
    );
  });

  it('when a tool is updated, then its fields are replaced and its id and createdAt kept', async () => {
    const created = await store().tools.create(buildTool());
    const input = buildTool({ name: 'Renamed Hammer', priceCents: 777, availableQuantity: 3 });
    const updated = await store().tools.update(created._id, input);
    expect(updated).toMatchObject({ ...input, _id: created._id, createdAt: created.createdAt });
    expect(await store().tools.get(created._id)).toEqual(updated);
  });

  it('when an update is guarded by the stock it read, then it writes only while that still holds', async () => {
    const created = await store().tools.create(buildTool({ availableQuantity: 50 }));
    const input = buildTool({ name: 'Guarded', availableQuantity: 80 });
    expect(await store().tools.update(created._id, input, { ifAvailableQuantity: 49 })).toBe(
      'STOCK_CHANGED',
    );
    expect(await store().tools.get(created._id)).toEqual(created);
    const updated = await store().tools.update(created._id, input, { ifAvailableQuantity: 50 });
    expect(updated).toMatchObject({ name: 'Guarded', availableQuantity: 80 });
    const unknown = 'a'.repeat(24);
    expect(await store().tools.update(unknown, input, { ifAvailableQuantity: 50 })).toBeNull();
  });

  it('when an unknown or malformed id is used, then get, update and delete find nothing', async () => {
    const unknown = 'a'.repeat(24);
    for (const id of [unknown, 'not-an-id']) {
      expect(await store().tools.get(id)).toBeNull();
      expect(await store().tools.update(id, buildTool())).toBeNull();
      expect(await store().tools.delete(id)).toBeNull();
    }
  });

  it('when a tool is deleted, then it is gone, answered as it was, and a second delete answers null', async () => {
    const created = await store().tools.create(buildTool());
    expect(await store().tools.delete(created._id)).toEqual(created);
    expect(await store().tools.get(created._id)).toBeNull();
    expect(await store().tools.delete(created._id)).toBeNull();
    expect(await store().tools.count()).toBe(0);
  });

  it('when tools are inserted in bulk, then count and list order follow the input', async () => {
    const inputs = [buildTool(), buildTool(), buildTool()];
    expect(await store().tools.insertMany(inputs)).toBe(3);
    expect(await store().tools.insertMany([])).toBe(0);
    expect(await store().tools.count()).toBe(3);
    const listed = await store().tools.list({ offset: 0, limit: 10 });
    expect(listed.items.map((t) => t.name)).toEqual(inputs.map((t) => t.name).reverse());
  });

  it('when tools share a name, then names() lists each name once, and a rename and a delete show', async () => {
    const a = await store().tools.create(buildTool({ name: 'Claw Hammer' }));
    await store().tools.create(buildTool({ name: 'Claw Hammer' }));
    const b = await store().tools.create(buildTool({ name: 'Cordless Drill' }));
    expect((await store().tools.names()).sort()).toEqual(['Claw Hammer', 'Cordless Drill']);
    await store().tools.update(a._id, { ...buildTool(), name: 'Mallet' });
    await store().tools.delete(b._id);
    expect((await store().tools.names()).sort()).toEqual(['Claw Hammer', 'Mallet']);
  });
}
