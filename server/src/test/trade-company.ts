import { createHash, randomUUID } from 'node:crypto';
import type { CompanyInput, CompanyRole, Id, Store } from '../store/store.js';

interface Person {
  email: string;
  /** The name the company's members list shows (a test session's display name by default). */
  name?: string;
  displayName?: string;
}

/** The person as the store's new member: lower-case email, and the name when there is one. */
const asMember = (who: Person) => {
  const name = who.name ?? who.displayName;
  return { email: who.email.toLowerCase(), ...(name ? { name } : {}) };
};

export interface TradeCompanyOptions {
  /** Who joins, each through an invitation they accept, in this order. */
  members?: readonly (Person & { role: CompanyRole })[];
  /** Overrides of the defaults: net-30 terms with a $10,000 credit limit. */
  company?: Partial<CompanyInput>;
}

/**
 * A trade company made the way the shop makes one, straight through the store: `admin` is its
 * first company-admin, and each of `members` joins through an accepted invitation. Emails are
 * kept lower-case, as the shop keeps them. Tests that are about the steps themselves (applying,
 * inviting, accepting) walk them through the API instead.
 */
export async function createTradeCompany(
  store: Pick<Store, 'companies'>,
  admin: Person,
  { members = [], company = {} }: TradeCompanyOptions = {},
): Promise<Id> {
  const adminEmail = admin.email.toLowerCase();
  const created = await store.companies.create(
    {
      name: `Trade Works ${randomUUID().slice(0, 6)}`,
      vatId: 'GB123456789',
      billingAddress: '1 Quay Street, Bristol',
      deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
      paymentTerms: 'net-30',
      creditLimitCents: 1_000_000,
      ...company,
    },
    asMember(admin),
  );
  if (created === 'ALREADY_MEMBER') throw new Error(`${adminEmail} is in a company already`);
  for (const member of members) await joinCompany(store, created._id, adminEmail, member);
  return created._id;
}

/** `member` joins the company with their role, through an invitation from `invitedBy` they accept. */
export async function joinCompany(
  store: Pick<Store, 'companies'>,
  companyId: Id,
  invitedBy: string,
  member: Person & { role: CompanyRole },
): Promise<void> {
  const who = asMember(member);
  const tokenHash = createHash('sha256').update(`invitation-${randomUUID()}`).digest('hex');
  await store.companies.invite({
    companyId,
    email: who.email,
    role: member.role,
    tokenHash,
    invitedBy: invitedBy.toLowerCase(),
    expiresAt: '2999-01-01T00:00:00.000Z',
  });
  const accepted = await store.companies.acceptInvitation(tokenHash, who, new Date().toISOString());
  if (typeof accepted === 'string') throw new Error(`${who.email} could not join: ${accepted}`);
}
