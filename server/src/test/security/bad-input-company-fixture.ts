import { randomBytes } from 'node:crypto';
import { hashToken } from '../../modules/companies/companies.service.js';
import type { CompanyInput, Store } from '../../store/store.js';

const company: CompanyInput = {
  name: 'Fixture Works',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
  paymentTerms: 'net-30',
  creditLimitCents: 100_000,
};

const later = () => new Date(Date.now() + 86_400_000).toISOString();

/**
 * The trade-account records the bad-input routes point at: the customer is the company-admin of
 * a company with a buyer and a pending invitation, holds an invitation into another company,
 * and someone else's application is pending.
 */
export async function tradeAccountFixture(store: Store, customerEmail: string) {
  const own = await store.companies.create(company, { email: customerEmail });
  const other = await store.companies.create(company, { email: 'fixture.boss@example.com' });
  if (own === 'ALREADY_MEMBER' || other === 'ALREADY_MEMBER') throw new Error('unreachable');
  const invite = async (companyId: string, email: string) => {
    const token = randomBytes(32).toString('base64url');
    const invitation = await store.companies.invite({
      companyId,
      email,
      role: 'buyer',
      tokenHash: hashToken(token),
      invitedBy: customerEmail,
      expiresAt: later(),
    });
    return { token, id: invitation._id };
  };
  const memberEmail = 'fixture.buyer@example.com';
  const joining = await invite(own._id, memberEmail);
  await store.companies.acceptInvitation(
    hashToken(joining.token),
    { email: memberEmail },
    new Date().toISOString(),
  );
  const pending = await invite(own._id, 'fixture.invited@example.com');
  const forCustomer = await invite(other._id, customerEmail.toLowerCase());
  const application = await store.tradeApplications.create({
    email: 'fixture.applicant@example.com',
    companyName: 'Applied Ltd',
    vatId: 'GB987654321',
    billingAddress: '2 Mill Lane, Leeds',
    deliveryAddress: '3 Canal Wharf, Leeds',
    phone: '+44 113 496 0000',
    note: '',
  });
  if (application === 'PENDING_EXISTS') throw new Error('unreachable');
  const priceList = await store.priceLists.create(
    {
      name: 'Fixture list',
      currency: 'USD',
      validFrom: null,
      validTo: null,
      parentId: null,
      versions: [{ startsOn: null, rules: [{ type: 'all', percentOff: 10 }] }],
    },
    new Date().toISOString(),
  );
  if (typeof priceList === 'string') throw new Error(priceList);
  return {
    priceListId: priceList._id,
    companyId: own._id,
    memberEmail,
    invitationId: pending.id,
    invitationToken: forCustomer.token,
    applicationId: application._id,
  };
}
