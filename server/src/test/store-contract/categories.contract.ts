import { expect, it } from 'vitest';
import { DEFAULT_CATEGORY } from '../../store/store.js';
import { buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

export function categoriesContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const counts = async (filter = {}) =>
    Object.fromEntries(
      (await store().categories.listWithCounts(filter)).map((c) => [c.slug, c.count]),
    );
  const seed = async () => {
    await store().categories.create({ slug: 'power-tools', name: 'Power tools' });
    await store().categories.create({ slug: 'hand-tools', name: 'Hand tools' });
    await store().tools.insertMany([
      buildTool({ name: 'Cordless Drill', category: 'power-tools', priceCents: 9900 }),
      buildTool({ name: 'Hammer Drill', category: 'power-tools', availableQuantity: 0 }),
      buildTool({ name: 'Claw Hammer', category: 'hand-tools', priceCents: 1500 }),
      buildTool({ name: 'Bench Stand', priceCents: 4000, description: 'Holds a drill upright.' }),
    ]);
  };

  it('when the store is new, then the default category exists, so a tool without one is listed', async () => {
    expect(await store().categories.get(DEFAULT_CATEGORY)).toEqual({
      slug: DEFAULT_CATEGORY,
      name: 'Other',
    });
    const tool = await store().tools.create(buildTool());
    expect(tool.category).toBe(DEFAULT_CATEGORY);
    expect(await counts()).toEqual({ [DEFAULT_CATEGORY]: 1 });
  });

  it('when categories are listed, then every one comes by name with its number of tools', async () => {
    await seed();
    expect(await store().categories.listWithCounts({})).toEqual([
      { slug: 'hand-tools', name: 'Hand tools', count: 1 },
      { slug: 'other', name: 'Other', count: 1 },
      { slug: 'power-tools', name: 'Power tools', count: 2 },
    ]);
  });

  it('when listed for a search and filters, then the counts follow them and keep empty categories', async () => {
    await seed();
    // The name or the description, any case; a category with no match still shows, at 0.
    expect(await counts({ search: 'DRILL' })).toEqual({
      'hand-tools': 0,
      other: 1,
      'power-tools': 2,
    });
    expect(await counts({ search: 'drill', inStock: true })).toEqual({
      'hand-tools': 0,
      other: 1,
      'power-tools': 1,
    });
    expect(await counts({ minPriceCents: 1500, maxPriceCents: 4000 })).toEqual({
      'hand-tools': 1,
      other: 1,
      'power-tools': 1,
    });
    expect(await counts({ minPriceCents: 5000 })).toEqual({
      'hand-tools': 0,
      other: 0,
      'power-tools': 1,
    });
    // The chosen category narrows the tools, not the counts beside it.
    expect(await counts({ search: 'drill', category: 'hand-tools' })).toEqual(
      await counts({ search: 'drill' }),
    );
  });

  it('when a category is created, then it reads back and is listed', async () => {
    expect(await store().categories.create({ slug: 'measuring', name: 'Measuring' })).toEqual({
      slug: 'measuring',
      name: 'Measuring',
    });
    expect(await store().categories.get('measuring')).toEqual({
      slug: 'measuring',
      name: 'Measuring',
    });
    expect(await counts()).toMatchObject({ measuring: 0 });
  });

  it('when the slug or the name (in any case) is taken, then the create is refused and nothing changes', async () => {
    await store().categories.create({ slug: 'storage', name: 'Storage' });
    expect(await store().categories.create({ slug: 'storage', name: 'Boxes' })).toBe('DUPLICATE');
    expect(await store().categories.create({ slug: 'boxes', name: 'STORAGE' })).toBe('DUPLICATE');
    expect(await store().categories.create({ slug: 'other', name: 'Misc' })).toBe('DUPLICATE');
    expect(await store().categories.get('storage')).toEqual({ slug: 'storage', name: 'Storage' });
    expect(await store().categories.get('boxes')).toBeNull();
    expect(Object.keys(await counts()).sort()).toEqual(['other', 'storage']);
  });

  it('when a slug is unknown, then get finds nothing (the service then refuses the tool)', async () => {
    expect(await store().categories.get('no-such-category')).toBeNull();
    expect(await store().categories.get('')).toBeNull();
  });

  it('when tools move between categories, then the counts follow', async () => {
    await seed();
    const [tool] = (await store().tools.list({ category: 'hand-tools', offset: 0, limit: 1 }))
      .items;
    if (!tool) throw new Error('seeded a hand tool');
    await store().tools.update(tool._id, {
      ...buildTool({ name: tool.name }),
      category: 'power-tools',
    });
    expect(await counts()).toMatchObject({ 'hand-tools': 0, 'power-tools': 3 });
    await store().tools.delete(tool._id);
    expect(await counts()).toMatchObject({ 'hand-tools': 0, 'power-tools': 2 });
  });
}
