import { expect, it } from 'vitest';
import { newObjectId } from '../../store/object-id.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const rule = (id: string) => ({ rule: id, text: `[${id}] broken` });

/** Issue 52: documents whose e-invoice failed validation, one per order and kind, to retry. */
export function failedDocumentsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when a document fails twice, then one record counts both attempts and keeps the last errors', async () => {
    const orderId = newObjectId();
    const first = await store().failedDocuments.recordFailure(
      orderId,
      'invoice',
      [rule('BR-CO-26')],
      '2027-01-01T10:00:00.000Z',
    );
    expect(first).toEqual({
      orderId,
      kind: 'invoice',
      errors: [rule('BR-CO-26')],
      firstAttemptAt: '2027-01-01T10:00:00.000Z',
      lastAttemptAt: '2027-01-01T10:00:00.000Z',
      attempts: 1,
    });
    const second = await store().failedDocuments.recordFailure(
      orderId,
      'invoice',
      [rule('BR-11')],
      '2027-01-01T11:00:00.000Z',
    );
    expect(second).toMatchObject({
      errors: [rule('BR-11')],
      firstAttemptAt: '2027-01-01T10:00:00.000Z',
      lastAttemptAt: '2027-01-01T11:00:00.000Z',
      attempts: 2,
    });
    expect(await store().failedDocuments.get(orderId, 'invoice')).toEqual(second);
    expect(await store().failedDocuments.get(orderId, 'credit-note')).toBeNull();
  });

  it('when listed, then the newest attempt comes first; a cleared one is gone', async () => {
    const older = newObjectId();
    const newer = newObjectId();
    await store().failedDocuments.recordFailure(
      older,
      'credit-note',
      [rule('XSD')],
      '2027-02-01T00:00:00.000Z',
    );
    await store().failedDocuments.recordFailure(
      newer,
      'invoice',
      [rule('BR-S-02')],
      '2027-02-02T00:00:00.000Z',
    );
    const listed = await store().failedDocuments.list(10);
    const ours = listed.filter((r) => r.orderId === older || r.orderId === newer);
    expect(ours.map((r) => r.orderId)).toEqual([newer, older]);
    await store().failedDocuments.clear(newer, 'invoice');
    await store().failedDocuments.clear(newer, 'credit-note');
    expect(await store().failedDocuments.get(newer, 'invoice')).toBeNull();
    expect((await store().failedDocuments.list(10)).some((r) => r.orderId === newer)).toBe(false);
  });
}
