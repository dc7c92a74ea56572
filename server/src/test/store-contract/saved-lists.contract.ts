import { expect, it } from 'vitest';
import { buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const OWNER = 'list.owner@example.com';
const OTHER = 'someone.else@example.com';
const NOW = '2030-01-15T10:00:00.000Z';
const LATER = '2030-01-15T11:00:00.000Z';
const limits = { maxLists: 3, maxLines: 2, maxQuantity: 1000 };

/** Issue 25: saved lists, private to their owner, with their limits held in the write itself. */
export function savedListsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const lists = () => store().savedLists;

  async function newList(name = 'Van restock', owner = OWNER) {
    const list = await lists().create({ ownerEmail: owner, name, now: NOW }, limits);
    if (typeof list === 'string') throw new Error(list);
    return list;
  }

  it('when lists are created, then the owner alone sees them, by name, with their line counts', async () => {
    const van = await newList('Van restock');
    await newList('Workshop consumables');
    await newList('Mine', OTHER);
    await lists().addLine(
      van._id,
      OWNER,
      { toolId: (await tool())._id, name: 'Drill', quantity: 5 },
      NOW,
      limits,
    );
    const mine = await lists().listByOwner('List.Owner@Example.com');
    expect(mine.map((l) => [l.name, l.lineCount])).toEqual([
      ['Van restock', 1],
      ['Workshop consumables', 0],
    ]);
    expect(mine[0]).toMatchObject({ _id: van._id, ownerEmail: OWNER });
  });

  it('when a name is taken in another case, then create and rename refuse it; another owner may use it', async () => {
    const van = await newList('Van restock');
    const shop = await newList('Shop');
    expect(await lists().create({ ownerEmail: OWNER, name: 'VAN RESTOCK', now: NOW }, limits)).toBe(
      'NAME_TAKEN',
    );
    expect(await lists().rename(shop._id, OWNER, 'van Restock', LATER)).toBe('NAME_TAKEN');
    expect(await lists().rename(van._id, OWNER, 'VAN RESTOCK', LATER)).toBe(true);
    expect((await lists().get(van._id))?.name).toBe('VAN RESTOCK');
    expect(typeof (await newList('Van restock', OTHER))._id).toBe('string');
  });

  it('when the owner has the most lists allowed, then another is refused', async () => {
    await newList('One');
    await newList('Two');
    await newList('Three');
    expect(await lists().create({ ownerEmail: OWNER, name: 'Four', now: NOW }, limits)).toBe(
      'TOO_MANY_LISTS',
    );
    expect(await lists().listByOwner(OWNER)).toHaveLength(3);
  });

  it("when someone else writes to a list, then nothing changes and the answer is 'not found'", async () => {
    const van = await newList();
    const drill = await tool();
    await lists().addLine(
      van._id,
      OWNER,
      { toolId: drill._id, name: 'Drill', quantity: 5 },
      NOW,
      limits,
    );
    const line = { toolId: drill._id, name: 'Drill', quantity: 5 };
    expect(await lists().rename(van._id, OTHER, 'Taken', LATER)).toBe(false);
    expect(await lists().addLine(van._id, OTHER, line, LATER, limits)).toBe(false);
    expect(await lists().setLine(van._id, OTHER, drill._id, 50, LATER)).toBe(false);
    expect(await lists().removeLine(van._id, OTHER, drill._id, LATER)).toBe(false);
    expect(await lists().delete(van._id, OTHER)).toBe(false);
    const after = await lists().get(van._id);
    expect(after).toMatchObject({ name: 'Van restock', updatedAt: NOW });
    expect(after?.lines.map((l) => l.quantity)).toEqual([5]);
  });

  it('when a tool is added twice, then its line grows; within the limits only', async () => {
    const van = await newList();
    const [a, b, c] = [await tool(), await tool(), await tool()];
    const add = (toolId: string, quantity: number) =>
      lists().addLine(van._id, OWNER, { toolId, name: 'Tool', quantity }, LATER, limits);
    expect(await add(a._id, 400)).toBe(true);
    expect(await add(a._id, 600)).toBe(true);
    expect(await add(a._id, 1)).toBe('TOO_MUCH');
    expect(await add(b._id, 2)).toBe(true);
    expect(await add(c._id, 2)).toBe('TOO_MANY_LINES');
    const after = await lists().get(van._id);
    expect(after?.lines.map((l) => [l.toolId, l.quantity])).toEqual([
      [a._id, 1000],
      [b._id, 2],
    ]);
    expect(after?.updatedAt).toBe(LATER);
  });

  it('when lines are set and removed, then the list shows it; a missing line is not found', async () => {
    const van = await newList();
    const [a, b] = [await tool(), await tool()];
    for (const t of [a, b]) {
      await lists().addLine(
        van._id,
        OWNER,
        { toolId: t._id, name: t.name, quantity: 3 },
        NOW,
        limits,
      );
    }
    expect(await lists().setLine(van._id, OWNER, a._id, 40, LATER)).toBe(true);
    expect(await lists().removeLine(van._id, OWNER, b._id, LATER)).toBe(true);
    expect(await lists().removeLine(van._id, OWNER, b._id, LATER)).toBe(false);
    expect(await lists().setLine(van._id, OWNER, b._id, 4, LATER)).toBe(false);
    expect((await lists().get(van._id))?.lines).toEqual([
      { toolId: a._id, name: a.name, quantity: 40, addedAt: NOW },
    ]);
  });

  it('when a tool is deleted, then it stays on the list under its name; deleting the list removes it', async () => {
    const van = await newList();
    const drill = await tool();
    await lists().addLine(
      van._id,
      OWNER,
      { toolId: drill._id, name: 'Old drill', quantity: 3 },
      NOW,
      limits,
    );
    await store().tools.delete(drill._id);
    expect((await lists().get(van._id))?.lines).toMatchObject([
      { toolId: drill._id, name: 'Old drill' },
    ]);
    expect(await lists().delete(van._id, OWNER)).toBe(true);
    expect(await lists().get(van._id)).toBeNull();
    expect(await lists().listByOwner(OWNER)).toEqual([]);
  });

  it("when the owner shares a list with a company, then it is among the company's shared lists for everyone but the owner; unsharing ends it", async () => {
    const company = 'c0ffee0000000000000000aa';
    const van = await newList('Van restock');
    await newList('Private');
    const theirs = await newList('Another', OTHER);
    expect(await lists().setSharing(van._id, 'List.Owner@example.com', company, LATER)).toBe(true);
    expect(await lists().setSharing(theirs._id, OTHER, 'c0ffee0000000000000000bb', LATER)).toBe(
      true,
    );
    // Only the owner shares.
    expect(await lists().setSharing(van._id, OTHER, null, LATER)).toBe(false);
    expect(await lists().get(van._id)).toMatchObject({ companyId: company, updatedAt: LATER });

    const seen = await lists().listSharedWith(company, 'colleague@example.com');
    expect(seen.map((l) => [l.name, l.ownerEmail, l.companyId])).toEqual([
      ['Van restock', OWNER, company],
    ]);
    expect(await lists().listSharedWith(company, OWNER)).toEqual([]);
    expect((await lists().listByOwner(OWNER)).find((l) => l._id === van._id)?.companyId).toBe(
      company,
    );

    expect(await lists().setSharing(van._id, OWNER, null, LATER)).toBe(true);
    expect(await lists().listSharedWith(company, 'colleague@example.com')).toEqual([]);
    expect((await lists().get(van._id))?.companyId).toBeUndefined();
  });

  function tool() {
    return store().tools.create(buildTool());
  }
}
