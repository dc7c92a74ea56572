import { expect, it } from 'vitest';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

/** The response cache relies on this: every change to what the catalogue shows moves it. */
export function catalogueVersionContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  async function moves(write: () => Promise<unknown>): Promise<boolean> {
    const before = store().catalogueVersion();
    await write();
    return store().catalogueVersion() > before;
  }

  it('when tools are added, edited or deleted, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool());
    expect(await moves(() => store().tools.create(buildTool()))).toBe(true);
    expect(await moves(() => store().tools.insertMany([buildTool(), buildTool()]))).toBe(true);
    expect(await moves(() => store().tools.update(tool._id, buildTool({ name: 'New' })))).toBe(
      true,
    );
    expect(await moves(() => store().tools.delete(tool._id))).toBe(true);
  });

  it('when stock is reserved or given back, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    let orderId = '';
    expect(
      await moves(async () => {
        const placed = await store().orders.place(buildOrderInput(tool._id, { quantity: 20 }));
        if (placed.ok) orderId = placed.order._id;
      }),
    ).toBe(true);
    expect(await moves(() => store().orders.cancelUnpaid(orderId))).toBe(true);
  });

  it('when the catalogue is only read, or orders change without touching stock, then it stays', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const placed = await store().orders.place(buildOrderInput(tool._id, { quantity: 20 }));
    if (!placed.ok) throw new Error('the order should have been placed');
    const id = placed.order._id;
    expect(await moves(() => store().tools.list({ offset: 0, limit: 24 }))).toBe(false);
    expect(await moves(() => store().tools.get(tool._id))).toBe(false);
    expect(await moves(() => store().orders.markPaid(id, 'pi_test'))).toBe(false);
    expect(await moves(() => store().orders.markShipped(id))).toBe(false);
  });
}
