import { expect, it } from 'vitest';
import type { CompanyInput, CompanyRecord } from '../../store/store.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const company = (name: string, vatId: string): CompanyInput => ({
  name,
  vatId,
  billingAddress: '1 Rue de la Paix, Paris',
  deliveryAddresses: [{ label: 'Main', address: '1 Rue de la Paix, Paris' }],
  paymentTerms: 'none',
  creditLimitCents: 0,
});

const LATER = '2999-01-01T00:00:00.000Z';
const LEASE_MS = 60_000;
const evidence = {
  requestIdentifier: 'WAPIAAAAZ1a2b3c',
  name: 'ACME SARL',
  address: '1 RUE DE LA PAIX PARIS',
  requestDate: '2026-11-29T10:00:00.000Z',
  checkedAt: '2026-11-29T10:00:01.000Z',
};

/** Issue 51: a company's VAT ID status, its VIES evidence, the check's lease and schedule. */
export function companyVatContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  const create = async (name: string, vatId: string) => {
    const created = await store().companies.create(company(name, vatId));
    if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
    return created;
  };

  it('when a company is created, then a member state VAT ID is pending and due, another tax id unchecked', async () => {
    const before = new Date().toISOString();
    const eu = await create('Acme', 'FR32123456789');
    expect(eu).toMatchObject({ vatStatus: 'pending', vatCheckAttempts: 0 });
    expect(eu.vatCheckDueAt! >= before).toBe(true);
    const us = await create('Yankee', '12-3456789');
    expect(us.vatStatus).toBe('unchecked');
    expect(us.vatCheckDueAt).toBeUndefined();
  });

  it('when companies are due, then one worker leases each until the lease runs out', async () => {
    const a = await create('A', 'FR32123456789');
    await create('B', '12-3456789');
    const first = await store().companies.claimVatChecks('w1', LATER, LEASE_MS, 10);
    expect(first.map((c) => c._id)).toEqual([a._id]);
    expect(await store().companies.claimVatChecks('w2', LATER, LEASE_MS, 10)).toEqual([]);
    const afterLease = new Date(Date.parse(LATER) + LEASE_MS).toISOString();
    expect(
      (await store().companies.claimVatChecks('w2', afterLease, LEASE_MS, 10)).map((c) => c._id),
    ).toEqual([a._id]);
  });

  it('when two workers claim at once, then each company goes to one of them', async () => {
    for (const name of ['A', 'B', 'C', 'D']) await create(name, 'DE123456788');
    const [x, y] = await Promise.all([
      store().companies.claimVatChecks('x', LATER, LEASE_MS, 10),
      store().companies.claimVatChecks('y', LATER, LEASE_MS, 10),
    ]);
    const ids = [...x, ...y].map((c) => c._id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('when a check is recorded, then it reads back, a fault keeps the evidence, and the lease ends', async () => {
    const a = await create('A', 'FR32123456789');
    await store().companies.claimVatChecks('w1', LATER, LEASE_MS, 10);
    const valid = await store().companies.recordVatCheck(a._id, a.vatId, {
      status: 'valid',
      evidence,
      checkDueAt: LATER,
      attempts: 0,
    });
    expect(valid).toMatchObject({
      vatStatus: 'valid',
      vatEvidence: evidence,
      vatCheckDueAt: LATER,
    });
    expect(valid?.vatLastError).toBeUndefined();
    const faulted = await store().companies.recordVatCheck(a._id, a.vatId, {
      status: 'valid',
      checkDueAt: '2030-01-01T00:00:00.000Z',
      attempts: 1,
      lastError: 'MS_UNAVAILABLE',
    });
    expect(faulted).toMatchObject({
      vatEvidence: evidence,
      vatCheckAttempts: 1,
      vatLastError: 'MS_UNAVAILABLE',
    });
    // The lease ended with the record: the next due check can be claimed at once.
    expect(await store().companies.claimVatChecks('w2', LATER, LEASE_MS, 10)).toHaveLength(1);
    const invalid = await store().companies.recordVatCheck(a._id, a.vatId, {
      status: 'invalid',
      evidence,
      attempts: 0,
    });
    expect(invalid?.vatCheckDueAt).toBeUndefined();
    expect(invalid?.vatLastError).toBeUndefined();
    expect(await store().companies.claimVatChecks('w3', LATER, LEASE_MS, 10)).toEqual([]);
  });

  it('when the VAT ID changed during a check, then its result is not written', async () => {
    const a = await create('A', 'FR32123456789');
    await store().companies.update(a._id, company('A', 'DE123456788'));
    expect(
      await store().companies.recordVatCheck(a._id, 'FR32123456789', {
        status: 'invalid',
        evidence,
        attempts: 0,
      }),
    ).toBeNull();
    expect((await store().companies.get(a._id))?.vatStatus).toBe('pending');
  });

  it('when an admin verifies by hand and the ID later changes, then the verification and evidence go', async () => {
    const a = await create('A', 'FR32123456789');
    await store().companies.recordVatCheck(a._id, a.vatId, {
      status: 'valid',
      evidence,
      attempts: 0,
    });
    const verification = { note: 'Registry extract seen', by: 'admin@x.test', at: LATER };
    expect(await store().companies.recordVatVerification(a._id, verification)).toMatchObject({
      vatManualVerification: verification,
    });
    const same = await store().companies.update(a._id, { ...company('A2', 'FR32123456789') });
    expect(same).toMatchObject({
      name: 'A2',
      vatStatus: 'valid',
      vatManualVerification: verification,
    });
    const changed = (await store().companies.update(
      a._id,
      company('A2', '12-3456789'),
    )) as CompanyRecord;
    expect(changed.vatStatus).toBe('unchecked');
    expect(changed.vatEvidence).toBeUndefined();
    expect(changed.vatManualVerification).toBeUndefined();
    expect(
      await store().companies.recordVatVerification('0123456789abcdef01234567', verification),
    ).toBeNull();
  });
}
