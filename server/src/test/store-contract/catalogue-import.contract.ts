import { expect, it } from 'vitest';
import { DuplicateSkuError } from '../../store/store.js';
import { buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

/** A new tool as an import creates it: always with its SKU. */
const row = (sku: string, overrides: Parameters<typeof buildTool>[0] = {}) => ({
  ...buildTool(overrides),
  sku,
});

export function catalogueImportContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when an import creates and updates tools, then all of it is written, the new tools with their SKUs', async () => {
    const old = await store().tools.create(buildTool({ sku: 'CI-OLD-1', priceCents: 1000 }));
    const result = await store().tools.importCatalogue({
      creates: [
        row('CI-NEW-1', { name: 'Imported One' }),
        row('CI-NEW-2', {
          name: 'Imported Two',
          category: 'power-tools',
          specs: [{ name: 'Voltage', value: '18 V' }],
          priceTiers: [{ minQuantity: 50, priceCents: 900 }],
          priceCents: 1000,
          minimumOrderQuantity: 10,
        }),
      ],
      updates: [
        {
          id: old._id,
          input: { ...buildTool({ name: 'Renamed Old' }), sku: 'ci-old-1', priceCents: 1250 },
        },
      ],
    });
    expect(result).toEqual({ ok: true, created: 2, updated: 1 });
    expect(await store().tools.getBySku('ci-new-2')).toMatchObject({
      sku: 'CI-NEW-2',
      name: 'Imported Two',
      category: 'power-tools',
      specs: [{ name: 'Voltage', value: '18 V' }],
      priceTiers: [{ minQuantity: 50, priceCents: 900 }],
    });
    expect(await store().tools.get(old._id)).toMatchObject({
      sku: 'ci-old-1',
      name: 'Renamed Old',
      priceCents: 1250,
    });
    expect(await store().tools.count()).toBe(3);
  });

  it('when one row of an import takes a SKU another tool holds, then nothing of it is written', async () => {
    const held = await store().tools.create(buildTool({ sku: 'CI-HELD-1' }));
    const other = await store().tools.create(buildTool({ sku: 'CI-OTHER-1' }));
    await expect(
      store().tools.importCatalogue({
        creates: [row('CI-FRESH-1')],
        updates: [
          { id: other._id, input: { ...buildTool({ name: 'Changed' }), sku: 'ci-held-1' } },
        ],
      }),
    ).rejects.toBeInstanceOf(DuplicateSkuError);
    expect(await store().tools.getBySku('CI-FRESH-1')).toBeNull();
    expect(await store().tools.get(other._id)).toEqual(other);
    expect(await store().tools.get(held._id)).toEqual(held);
  });

  it('when a tool to update was deleted meanwhile, then TOOL_GONE and nothing is written', async () => {
    const kept = await store().tools.create(buildTool({ sku: 'CI-KEPT-1' }));
    const gone = await store().tools.create(buildTool({ sku: 'CI-GONE-1' }));
    await store().tools.delete(gone._id);
    const result = await store().tools.importCatalogue({
      creates: [row('CI-LATE-1')],
      updates: [
        { id: kept._id, input: { ...buildTool({ name: 'Kept Changed' }), sku: 'CI-KEPT-1' } },
        { id: gone._id, input: { ...buildTool(), sku: 'CI-GONE-1' } },
      ],
    });
    expect(result).toEqual({ ok: false, reason: 'TOOL_GONE', id: gone._id });
    expect(await store().tools.getBySku('CI-LATE-1')).toBeNull();
    expect(await store().tools.get(kept._id)).toEqual(kept);
  });
}
