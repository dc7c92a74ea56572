import { expect, it } from 'vitest';
import type { CompanyInput, NewResaleCertificate } from '../../store/store.js';
import { newObjectId } from '../../store/object-id.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const company: CompanyInput = {
  name: 'Reseller Supply',
  vatId: '12-3456789',
  billingAddress: '1 Main Street, Albany NY',
  deliveryAddresses: [{ label: 'Main', address: '1 Main Street, Albany NY' }],
  paymentTerms: 'none',
  creditLimitCents: 0,
};
const AT = '2026-11-29T10:00:00.000Z';

/** Issue 51: the EU rate corrections, US nexus states and resale certificates an admin keeps. */
export function taxSettingsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  const newCompany = async () => {
    const created = await store().companies.create(company);
    if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
    return created._id;
  };
  const certificate = (
    companyId: string,
    fields: Partial<NewResaleCertificate> = {},
  ): NewResaleCertificate => {
    const _id = newObjectId();
    return {
      _id,
      companyId,
      number: 'NY-12345',
      state: 'NY',
      expiresOn: '2027-06-30',
      fileKey: `resale-certificates/${companyId}/${_id}.pdf`,
      fileBytes: 1234,
      createdBy: 'ada@example.com',
      ...fields,
    };
  };

  it('when nothing is kept, then the tables are empty', async () => {
    expect(await store().taxSettings.tables()).toEqual({ rateOverrides: [], nexus: [] });
  });

  it('when a rate is corrected twice and then cleared, then the last one holds until cleared', async () => {
    const repo = store().taxSettings;
    await repo.setRateOverride({
      country: 'FI',
      standard: 25.5,
      reduced: 14,
      updatedBy: 'a@example.com',
      updatedAt: AT,
    });
    const again = {
      country: 'FI',
      standard: 25.5,
      reduced: 13.5,
      updatedBy: 'b@x.com',
      updatedAt: AT,
    };
    expect(await repo.setRateOverride(again)).toEqual(again);
    expect((await repo.tables()).rateOverrides).toEqual([again]);
    expect(await repo.clearRateOverride('FI')).toBe(true);
    expect(await repo.clearRateOverride('FI')).toBe(false);
    expect((await repo.tables()).rateOverrides).toEqual([]);
  });

  it('when nexus states are set, updated and removed, then they read back by state with three decimals', async () => {
    const repo = store().taxSettings;
    await repo.setNexusState({ state: 'NY', ratePercent: 8, updatedBy: 'a@x.com', updatedAt: AT });
    const ca = {
      state: 'CA',
      ratePercent: 7.25,
      since: '2026-01-01',
      updatedBy: 'a@x.com',
      updatedAt: AT,
    };
    await repo.setNexusState(ca);
    const ny = { state: 'NY', ratePercent: 8.875, updatedBy: 'b@x.com', updatedAt: AT };
    await repo.setNexusState(ny);
    expect((await repo.tables()).nexus).toEqual([ca, ny]);
    expect(await repo.removeNexusState('CA')).toBe(true);
    expect(await repo.removeNexusState('CA')).toBe(false);
    expect((await repo.tables()).nexus).toEqual([ny]);
  });

  it("when certificates are added, then each company reads its own, soonest expiry first, and not another's", async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    const repo = store().taxSettings;
    const later = await repo.addCertificate(certificate(a, { expiresOn: '2028-01-31' }), AT);
    const sooner = await repo.addCertificate(certificate(a, { state: 'CA' }), AT);
    const theirs = await repo.addCertificate(certificate(b), AT);
    expect(later.createdAt).toBe(AT);
    expect(await repo.certificatesOf(a)).toEqual([sooner, later]);
    expect(await repo.certificatesOf(b)).toEqual([theirs]);
    expect(await repo.certificate(a, sooner._id)).toEqual(sooner);
    expect(await repo.certificate(b, sooner._id)).toBeNull();
    expect(await repo.certificate(a, newObjectId())).toBeNull();
  });

  it('when a certificate is removed, then it is answered once and gone, and only from its company', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    const repo = store().taxSettings;
    const cert = await repo.addCertificate(certificate(a), AT);
    expect(await repo.removeCertificate(b, cert._id)).toBeNull();
    expect(await repo.removeCertificate(a, cert._id)).toEqual(cert);
    expect(await repo.removeCertificate(a, cert._id)).toBeNull();
    expect(await repo.certificatesOf(a)).toEqual([]);
  });

  it("when certificates expiring in a window are asked for, then every company's in it, both ends included", async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    const repo = store().taxSettings;
    await repo.addCertificate(certificate(a, { expiresOn: '2026-11-28' }), AT);
    const first = await repo.addCertificate(certificate(b, { expiresOn: '2026-11-29' }), AT);
    const last = await repo.addCertificate(certificate(a, { expiresOn: '2026-12-29' }), AT);
    await repo.addCertificate(certificate(b, { expiresOn: '2026-12-30' }), AT);
    expect(await repo.certificatesExpiring('2026-11-29', '2026-12-29')).toEqual([first, last]);
  });
}
