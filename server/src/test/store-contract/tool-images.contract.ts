import { expect, it } from 'vitest';
import type { ToolImageRecord } from '../../store/store.js';
import { buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

let n = 0;
const image = (): ToolImageRecord => {
  const id = (0xa0000000 + (n += 1)).toString(16).padStart(24, '0');
  return {
    _id: id,
    width: 640,
    height: 480,
    variants: [
      { width: 320, key: `t/${id}-320.webp`, url: `/api/images/t/${id}-320.webp` },
      { width: 640, key: `t/${id}-640.webp`, url: `/api/images/t/${id}-640.webp` },
    ],
  };
};

/** A tool's uploaded photos: kept with the tool, main first, at most `max`, never lost. */
export function toolImagesContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when a tool is created, then it has no photos; added ones come back in order with the tool and the list', async () => {
    const tool = await store().tools.create(buildTool());
    expect(tool.images).toEqual([]);
    const [a, b] = [image(), image()];
    await store().tools.addImage(tool._id, a, 12);
    const added = await store().tools.addImage(tool._id, b, 12);
    expect(added).toMatchObject({ _id: tool._id, images: [a, b] });
    expect((await store().tools.get(tool._id))?.images).toEqual([a, b]);
    const listed = await store().tools.list({ offset: 0, limit: 100 });
    expect(listed.items.find((t) => t._id === tool._id)?.images).toEqual([a, b]);
  });

  it('when a tool has max photos, then one more is TOO_MANY even when many arrive together', async () => {
    const tool = await store().tools.create(buildTool());
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => store().tools.addImage(tool._id, image(), 4)),
    );
    expect(answers.filter((a) => a === 'TOO_MANY')).toHaveLength(2);
    expect((await store().tools.get(tool._id))?.images).toHaveLength(4);
    expect(await store().tools.addImage('0123456789abcdef01234567', image(), 4)).toBeNull();
  });

  it('when a photo is removed, then it is answered and the rest stay in order; an unknown one is NO_IMAGE', async () => {
    const tool = await store().tools.create(buildTool());
    const [a, b, c] = [image(), image(), image()];
    for (const i of [a, b, c]) await store().tools.addImage(tool._id, i, 12);
    const removed = await store().tools.removeImage(tool._id, b._id);
    expect(removed).toEqual({ tool: expect.objectContaining({ images: [a, c] }), removed: b });
    expect((await store().tools.get(tool._id))?.images).toEqual([a, c]);
    expect(await store().tools.removeImage(tool._id, b._id)).toBe('NO_IMAGE');
    expect(await store().tools.removeImage('0123456789abcdef01234567', a._id)).toBeNull();
  });

  it('when a tool is deleted, then its photos are in the answer (their files are the caller to remove)', async () => {
    const tool = await store().tools.create(buildTool());
    const [a, b] = [image(), image()];
    for (const i of [a, b]) await store().tools.addImage(tool._id, i, 12);
    expect((await store().tools.delete(tool._id))?.images).toEqual([a, b]);
  });

  it('when photos are reordered, then the first is the main one; a list that does not name each once is MISMATCH', async () => {
    const tool = await store().tools.create(buildTool());
    const [a, b, c] = [image(), image(), image()];
    for (const i of [a, b, c]) await store().tools.addImage(tool._id, i, 12);
    const ordered = await store().tools.orderImages(tool._id, [c._id, a._id, b._id]);
    expect(ordered).toMatchObject({ images: [c, a, b] });
    for (const bad of [
      [a._id, b._id],
      [a._id, a._id, b._id],
      [a._id, b._id, image()._id],
    ]) {
      expect(await store().tools.orderImages(tool._id, bad)).toBe('MISMATCH');
    }
    expect((await store().tools.get(tool._id))?.images).toEqual([c, a, b]);
    expect(await store().tools.orderImages('0123456789abcdef01234567', [])).toBeNull();
  });

  it('when a tool is edited, then its photos stay', async () => {
    const tool = await store().tools.create(buildTool());
    const a = image();
    await store().tools.addImage(tool._id, a, 12);
    const updated = await store().tools.update(tool._id, buildTool({ name: 'Renamed' }));
    expect(updated).toMatchObject({ name: 'Renamed', images: [a] });
  });

  it('when photos are added, removed or reordered, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool());
    const moves = async (write: () => Promise<unknown>) => {
      const before = store().catalogueVersion();
      await write();
      return store().catalogueVersion() > before;
    };
    const [a, b] = [image(), image()];
    expect(await moves(() => store().tools.addImage(tool._id, a, 12))).toBe(true);
    await store().tools.addImage(tool._id, b, 12);
    expect(await moves(() => store().tools.orderImages(tool._id, [b._id, a._id]))).toBe(true);
    expect(await moves(() => store().tools.removeImage(tool._id, a._id))).toBe(true);
  });
}
