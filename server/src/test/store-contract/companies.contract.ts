import { expect, it } from 'vitest';
import type { CompanyInput, NewTradeApplication } from '../../store/store.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const company = (name: string): CompanyInput => ({
  name,
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [
    { label: 'Main', address: '1 Quay Street, Bristol' },
    { label: 'Site B', address: '9 Dock Road, Bristol' },
  ],
  paymentTerms: 'net-30',
  creditLimitCents: 500_000,
});

const application = (email: string): NewTradeApplication => ({
  email,
  name: 'Ann Applicant',
  companyName: 'Applied Ltd',
  vatId: 'GB987654321',
  billingAddress: '2 Mill Lane, Leeds',
  deliveryAddress: '3 Canal Wharf, Leeds',
  phone: '+44 113 496 0000',
  note: '',
});

const LATER = '2999-01-01T00:00:00.000Z';
const NOW = '2030-01-01T00:00:00.000Z';

/** Issue 24: companies, their members and invitations, and trade-account applications. */
export function companiesContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  const inviteTo = async (companyId: string, email: string, tokenHash: string) =>
    store().companies.invite({
      companyId,
      email,
      role: 'buyer',
      tokenHash,
      invitedBy: 'boss@example.com',
      expiresAt: LATER,
    });

  it('when a company is created with a first admin and edited, then it reads back whole', async () => {
    const created = await store().companies.create(company('Acme'), { email: 'Boss@Example.com' });
    if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
    expect(created).toMatchObject({ ...company('Acme'), memberCount: 1 });
    const updated = await store().companies.update(created._id, {
      ...company('Acme Tools'),
      paymentTerms: 'none',
      deliveryAddresses: [{ label: 'Only', address: '5 New Road, York' }],
    });
    expect(updated).toMatchObject({ name: 'Acme Tools', paymentTerms: 'none', memberCount: 1 });
    expect(updated?.deliveryAddresses).toEqual([{ label: 'Only', address: '5 New Road, York' }]);
    expect(await store().companies.update('0123456789abcdef01234567', company('X'))).toBeNull();
    const membership = await store().companies.membershipOf('boss@example.com');
    expect(membership).toMatchObject({
      company: { _id: created._id },
      member: { email: 'boss@example.com', role: 'company-admin' },
    });
    expect(await store().companies.companyIdOf('Boss@Example.com')).toBe(created._id);
    expect(await store().companies.companyIdOf('stranger@example.com')).toBeNull();
  });

  it('when a company is made without e-invoice settings, then it is Factur-X with no buyer reference, and an edit that leaves them out keeps them', async () => {
    const created = await store().companies.create(company('Plain'));
    if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
    expect(created.eInvoiceFormat).toBe('facturx');
    expect(created.buyerReference).toBeUndefined();
    const set = await store().companies.update(created._id, {
      ...company('Plain'),
      eInvoiceFormat: 'xrechnung-ubl',
      buyerReference: '991-01234-56',
    });
    expect(set).toMatchObject({ eInvoiceFormat: 'xrechnung-ubl', buyerReference: '991-01234-56' });
    // The applications repo and older clients send no e-invoice settings: they stay.
    const kept = await store().companies.update(created._id, company('Plain Renamed'));
    expect(kept).toMatchObject({
      name: 'Plain Renamed',
      eInvoiceFormat: 'xrechnung-ubl',
      buyerReference: '991-01234-56',
    });
    // A new VAT ID (the other write path) keeps them too.
    const newVat = await store().companies.update(created._id, {
      ...company('Plain Renamed'),
      vatId: 'GB111111111',
      eInvoiceFormat: 'xrechnung-cii',
    });
    expect(newVat).toMatchObject({
      eInvoiceFormat: 'xrechnung-cii',
      buyerReference: '991-01234-56',
    });
    const cleared = await store().companies.update(created._id, {
      ...company('Plain Renamed'),
      eInvoiceFormat: 'pdf',
      buyerReference: '',
    });
    expect(cleared?.eInvoiceFormat).toBe('pdf');
    expect(cleared?.buyerReference).toBeUndefined();
    expect((await store().companies.get(created._id))?.buyerReference).toBeUndefined();
    const withSettings = await store().companies.create({
      ...company('Public Works'),
      eInvoiceFormat: 'xrechnung-cii',
      buyerReference: '04011000-12345-03',
    });
    expect(withSettings).toMatchObject({
      eInvoiceFormat: 'xrechnung-cii',
      buyerReference: '04011000-12345-03',
    });
    const listed = (await store().companies.list()).find((c) => c.name === 'Public Works');
    expect(listed).toMatchObject({ eInvoiceFormat: 'xrechnung-cii' });
  });

  it('when two invitations to one person are accepted at once, then they join exactly one company', async () => {
    const a = await store().companies.create(company('A'), { email: 'a@example.com' });
    const b = await store().companies.create(company('B'), { email: 'b@example.com' });
    if (a === 'ALREADY_MEMBER' || b === 'ALREADY_MEMBER') throw new Error('unexpected');
    await inviteTo(a._id, 'sam@example.com', 'hash-a');
    await inviteTo(b._id, 'sam@example.com', 'hash-b');
    const who = { email: 'sam@example.com', name: 'Sam' };
    const results = await Promise.all([
      store().companies.acceptInvitation('hash-a', who, NOW),
      store().companies.acceptInvitation('hash-b', who, NOW),
    ]);
    const joined = results.filter((r) => typeof r === 'object');
    expect(joined).toHaveLength(1);
    expect(results.filter((r) => r === 'ALREADY_MEMBER')).toHaveLength(1);
    const membership = await store().companies.membershipOf('sam@example.com');
    const [winner] = joined;
    expect(membership?.company._id).toBe(typeof winner === 'object' ? winner.company._id : '');
    // The refused invitation is still pending: nothing of the losing acceptance was written.
    const losing =
      (await store().companies.invitationByTokenHash('hash-a'))?.status === 'pending'
        ? 'hash-a'
        : 'hash-b';
    expect((await store().companies.invitationByTokenHash(losing))?.status).toBe('pending');
  });

  it('when an invitation is expired, revoked, accepted or for another address, then accepting refuses', async () => {
    const a = await store().companies.create(company('A'), { email: 'a@example.com' });
    if (a === 'ALREADY_MEMBER') throw new Error('unexpected');
    await inviteTo(a._id, 'x@example.com', 'hash-x');
    expect(
      await store().companies.acceptInvitation('hash-x', { email: 'y@example.com' }, NOW),
    ).toBe('WRONG_EMAIL');
    expect(
      await store().companies.acceptInvitation('hash-x', { email: 'x@example.com' }, LATER),
    ).toBe('EXPIRED');
    expect(await store().companies.acceptInvitation('nope', { email: 'x@example.com' }, NOW)).toBe(
      'NOT_FOUND',
    );
    const accepted = await store().companies.acceptInvitation(
      'hash-x',
      { email: 'x@example.com' },
      NOW,
    );
    expect(accepted).toMatchObject({ member: { role: 'buyer', companyId: a._id } });
    expect(
      await store().companies.acceptInvitation('hash-x', { email: 'x@example.com' }, NOW),
    ).toBe('NOT_PENDING');

    const second = await inviteTo(a._id, 'z@example.com', 'hash-z1');
    await inviteTo(a._id, 'z@example.com', 'hash-z2');
    // A new invitation to the same address replaces the pending one.
    expect((await store().companies.invitationByTokenHash('hash-z1'))?.status).toBe('revoked');
    expect(await store().companies.revokeInvitation(a._id, second._id)).toBe('NOT_PENDING');
    const pending = await store().companies.pendingInvitations(a._id, NOW);
    expect(pending.map((i) => i.tokenHash)).toEqual(['hash-z2']);
    expect(await store().companies.revokeInvitation(a._id, pending[0]!._id)).toBe('REVOKED');
    expect(await store().companies.pendingInvitations(a._id, NOW)).toEqual([]);
  });

  it('when the last company-admin would be removed or demoted, then LAST_ADMIN and nothing changes', async () => {
    const a = await store().companies.create(company('A'), { email: 'a@example.com' });
    if (a === 'ALREADY_MEMBER') throw new Error('unexpected');
    expect(await store().companies.removeMember(a._id, 'a@example.com')).toBe('LAST_ADMIN');
    expect(await store().companies.updateMember(a._id, 'a@example.com', { role: 'buyer' })).toBe(
      'LAST_ADMIN',
    );
    await inviteTo(a._id, 'b@example.com', 'hash-b');
    await store().companies.acceptInvitation('hash-b', { email: 'b@example.com' }, NOW);
    await store().companies.updateMember(a._id, 'b@example.com', { role: 'company-admin' });
    // Two admins removing each other at once: one goes, the other stays.
    const results = await Promise.all([
      store().companies.removeMember(a._id, 'a@example.com'),
      store().companies.removeMember(a._id, 'b@example.com'),
    ]);
    expect([...results].sort()).toEqual(['LAST_ADMIN', 'REMOVED']);
    const left = await store().companies.members(a._id);
    expect(left).toHaveLength(1);
    expect(left[0]?.role).toBe('company-admin');
  });

  it('when spending limits are set and cleared, then each reads back as set', async () => {
    const a = await store().companies.create(company('A'), { email: 'a@example.com' });
    if (a === 'ALREADY_MEMBER') throw new Error('unexpected');
    const set = await store().companies.updateMember(a._id, 'a@example.com', {
      spendingLimitPerOrderCents: 150_000,
      spendingLimitPerMonthCents: 900_000,
    });
    expect(set).toMatchObject({
      spendingLimitPerOrderCents: 150_000,
      spendingLimitPerMonthCents: 900_000,
    });
    const cleared = await store().companies.updateMember(a._id, 'a@example.com', {
      spendingLimitPerOrderCents: null,
    });
    expect(cleared).toMatchObject({ spendingLimitPerMonthCents: 900_000 });
    expect(cleared).not.toHaveProperty('spendingLimitPerOrderCents');
    expect(
      await store().companies.updateMember(a._id, 'nobody@example.com', { role: 'buyer' }),
    ).toBe('NOT_FOUND');
  });

  it('when a person applies twice, then the second is PENDING_EXISTS until the first is answered', async () => {
    const first = await store().tradeApplications.create(application('ann@example.com'));
    if (first === 'PENDING_EXISTS') throw new Error('unexpected');
    expect(await store().tradeApplications.create(application('ANN@example.com'))).toBe(
      'PENDING_EXISTS',
    );
    const declined = await store().tradeApplications.decline(first._id, 'No VAT id');
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'No VAT id' });
    expect(await store().tradeApplications.decline(first._id, 'again')).toBe('NOT_PENDING');
    const second = await store().tradeApplications.create(application('ann@example.com'));
    expect(second).toMatchObject({ status: 'pending' });
    expect(await store().tradeApplications.latestByEmail('ann@example.com')).toMatchObject({
      status: 'pending',
    });
    expect((await store().tradeApplications.list('declined')).map((a) => a._id)).toEqual([
      first._id,
    ]);
  });

  it('when an application asks for terms, then they are kept as asked; without, it asked for none', async () => {
    const asked = await store().tradeApplications.create({
      ...application('ann@example.com'),
      requestedPaymentTerms: 'net-60',
      requestedCreditLimitCents: 1_250_050,
    });
    if (asked === 'PENDING_EXISTS') throw new Error('unexpected');
    const kept = { requestedPaymentTerms: 'net-60', requestedCreditLimitCents: 1_250_050 };
    expect(asked).toMatchObject(kept);
    expect(await store().tradeApplications.get(asked._id)).toMatchObject(kept);
    const plain = await store().tradeApplications.create(application('bo@example.com'));
    expect(plain).toMatchObject({ requestedPaymentTerms: 'none', requestedCreditLimitCents: 0 });
  });

  it('when an application is approved, then the company exists with the applicant as company-admin, once', async () => {
    const applied = await store().tradeApplications.create(application('ann@example.com'));
    if (applied === 'PENDING_EXISTS') throw new Error('unexpected');
    const results = await Promise.all([
      store().tradeApplications.approve(applied._id, company('Applied Ltd')),
      store().tradeApplications.approve(applied._id, company('Applied Ltd')),
    ]);
    expect(results.filter((r) => typeof r === 'object')).toHaveLength(1);
    expect(results.filter((r) => r === 'NOT_PENDING')).toHaveLength(1);
    expect(await store().companies.list()).toHaveLength(1);
    expect(await store().companies.membershipOf('ann@example.com')).toMatchObject({
      member: { role: 'company-admin', name: 'Ann Applicant' },
    });
    expect(await store().tradeApplications.get(applied._id)).toMatchObject({ status: 'approved' });
  });

  it('when the applicant joined a company before approval, then ALREADY_MEMBER and no company is made', async () => {
    await store().companies.create(company('Other'), { email: 'ann@example.com' });
    const applied = await store().tradeApplications.create(application('ann@example.com'));
    if (applied === 'PENDING_EXISTS') throw new Error('unexpected');
    expect(await store().tradeApplications.approve(applied._id, company('Applied Ltd'))).toBe(
      'ALREADY_MEMBER',
    );
    expect(await store().companies.list()).toHaveLength(1);
    expect(await store().tradeApplications.get(applied._id)).toMatchObject({ status: 'pending' });
  });
}
