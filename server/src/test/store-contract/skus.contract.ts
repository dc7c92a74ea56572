import { expect, it } from 'vitest';
import { generatedSku } from '@toolworks/contract/sku';
import { DuplicateSkuError } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

export function skusContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when a tool is created with a SKU, then it keeps it as typed and is found by it in any case', async () => {
    const tool = await store().tools.create(buildTool({ sku: 'Dw-100x' }));
    expect(tool.sku).toBe('Dw-100x');
    expect(await store().tools.getBySku('DW-100X')).toEqual(tool);
    expect(await store().tools.getBySku('dw-100x')).toEqual(tool);
    expect(await store().tools.getBySku('DW-100')).toBeNull();
  });

  it('when a tool is created without a SKU, then it gets one from its category and id', async () => {
    const tool = await store().tools.create(buildTool({ category: 'power-tools' }));
    expect(tool.sku).toBe(generatedSku('power-tools', tool._id));
    expect(tool.sku).toMatch(/^POW-[0-9A-F]{24}$/);
    const bulk = await store().tools.insertMany([buildTool(), buildTool()]);
    expect(bulk).toBe(2);
    const skus = (await store().tools.list({ offset: 0, limit: 10 })).items.map((t) => t.sku);
    expect(new Set(skus.map((s) => s.toUpperCase())).size).toBe(3);
  });

  it('when a second tool takes a SKU in another case, then it is refused and nothing is written', async () => {
    const first = await store().tools.create(buildTool({ sku: 'HT-HMR-16' }));
    await expect(store().tools.create(buildTool({ sku: 'ht-hmr-16' }))).rejects.toBeInstanceOf(
      DuplicateSkuError,
    );
    expect(await store().tools.count()).toBe(1);
    const other = await store().tools.create(buildTool({ sku: 'HT-HMR-20' }));
    await expect(
      store().tools.update(other._id, { ...buildTool(), sku: 'Ht-Hmr-16' }),
    ).rejects.toBeInstanceOf(DuplicateSkuError);
    expect(await store().tools.get(other._id)).toEqual(other);
    expect(await store().tools.get(first._id)).toEqual(first);
  });

  it('when a tool is updated without a SKU, then it keeps its own; with one, it changes (its own in another case too)', async () => {
    const tool = await store().tools.create(buildTool({ sku: 'MS-TAP-8' }));
    expect(await store().tools.update(tool._id, buildTool())).toMatchObject({ sku: 'MS-TAP-8' });
    expect(await store().tools.update(tool._id, { ...buildTool(), sku: 'ms-tap-8' })).toMatchObject(
      { sku: 'ms-tap-8' },
    );
    expect(await store().tools.update(tool._id, { ...buildTool(), sku: 'MS-TAP-5' })).toMatchObject(
      { sku: 'MS-TAP-5' },
    );
    expect(await store().tools.getBySku('ms-tap-8')).toBeNull();
  });

  it('when many SKUs are read at once, then each known one answers once, in any case, unknown ones left out', async () => {
    const tools = [];
    for (let i = 0; i < 600; i++) tools.push(buildTool({ sku: `QO-${i}` }));
    await store().tools.insertMany(tools);
    const asked = [
      'qo-1',
      'QO-1',
      'Qo-599',
      'QO-600',
      'nope',
      ...tools.slice(0, 520).map((t) => t.sku ?? ''),
    ];
    const found = await store().tools.getBySkus(asked);
    expect(found.map((t) => t.sku).sort()).toEqual(
      [...new Set([...tools.slice(0, 520).map((t) => t.sku), 'QO-599'])].sort(),
    );
    expect(await store().tools.getBySkus([])).toEqual([]);
  });

  it('when an order is placed, then each line keeps the SKU its tool had then, through a later SKU change', async () => {
    const vise = await store().tools.create(buildTool({ sku: 'BV-100', minimumOrderQuantity: 1 }));
    const tap = await store().tools.create(buildTool({ sku: 'tp-8', minimumOrderQuantity: 1 }));
    const placed = await store().orders.place({
      ...buildOrderInput(vise._id),
      lines: [
        { toolId: vise._id, quantity: 2 },
        { toolId: tap._id, quantity: 3 },
      ],
    });
    if (!placed.ok) throw new Error(`expected an order, got ${placed.reason}`);
    expect(placed.order.items.map((line) => line.sku)).toEqual(['BV-100', 'tp-8']);

    await store().tools.update(vise._id, { ...buildTool(), sku: 'BV-200' });
    const read = await store().orders.get(placed.order._id);
    expect(read?.items.map((line) => line.sku)).toEqual(['BV-100', 'tp-8']);
    const [listed] = await store().orders.getMany([placed.order._id]);
    expect(listed?.items.map((line) => line.sku)).toEqual(['BV-100', 'tp-8']);
  });
}
