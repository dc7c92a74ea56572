import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { dollarsToCents } from '@toolworks/contract/fields';
import type {
  CompanyDetail,
  CompanyMember,
  CompanyRole,
  InvitationPreview,
  InvitationView,
  InviteMemberSchema,
  MyCompany,
  SaveCompanySchema,
  UpdateMemberSchema,
} from '@toolworks/contract/companies';
import type { CompanyPricingSchema } from '@toolworks/contract/price-lists';
import { AppError } from '../../lib/app-error.js';
import type { CompanyMailer } from './company-mail.js';
import type { CompanyRecord, Id, MemberChange, Store, UserRecord } from '../../store/store.js';
import { buyingOf } from './my-buying.js';
import { toCompanyInput, toCompanyWire, toInvitationWire, toMemberWire } from './company-wire.js';
import { requireVerifiedEmail, type EmailVerification } from './verified-email.js';
import { checkVatIdFormat, isViesVatId } from '../../domain/vat-id.js';
import type { VatChecks } from '../tax/index.js';

type SaveCompany = z.output<typeof SaveCompanySchema>;
type CompanyPricing = z.output<typeof CompanyPricingSchema>;
type InviteMember = z.output<typeof InviteMemberSchema>;
type UpdateMember = z.output<typeof UpdateMemberSchema>;

const INVITATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const LAST_ADMIN =
  'A company needs at least one company admin: make someone else company admin first';

/**
 * Companies, their members and invitations. The shop admin manages any company through
 * `/companies/{id}/…`; a company-admin manages their own through `/company/…`; both reach the
 * same `manage(companyId, actor)` operations.
 */
export function createCompaniesService(
  store: Pick<Store, 'companies' | 'orders' | 'invoices' | 'priceLists'>,
  mail: CompanyMailer,
  now: () => Date,
  identity: EmailVerification,
  vatChecks: VatChecks,
) {
  const { companies } = store;

  const wire = async (company: CompanyRecord) =>
    toCompanyWire(company, (await store.priceLists.companyPricing(company._id)) ?? undefined);

  const detail = async (company: CompanyRecord): Promise<CompanyDetail> => ({
    ...(await wire(company)),
    members: (await companies.members(company._id)).map(toMemberWire),
    invitations: (await companies.pendingInvitations(company._id, now().toISOString())).map(
      toInvitationWire,
    ),
  });

  const findCompany = async (id: Id) => {
    const company = await companies.get(id);
    if (!company) throw AppError.notFound('Company not found');
    return company;
  };

  /** The caller's company, when they are its company-admin. */
  const ownCompanyAsAdmin = async (caller: UserRecord) => {
    const membership = await companies.membershipOf(caller.email);
    if (!membership) throw AppError.forbidden('You are not a member of a company');
    if (membership.member.role !== 'company-admin') {
      throw AppError.forbidden('Only a company admin can manage members');
    }
    return membership.company;
  };

  const manage = (company: CompanyRecord, actor: UserRecord) => ({
    async invite(input: InviteMember): Promise<CompanyDetail> {
      const email = input.email.toLowerCase();
      const members = await companies.members(company._id);
      if (members.some((member) => member.email === email)) {
        throw AppError.conflict(`${email} is already a member of ${company.name}`);
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + INVITATION_DAYS * DAY_MS).toISOString();
      const invitation = await companies.invite({
        companyId: company._id,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.email,
        expiresAt,
      });
      await mail({
        kind: 'company-invitation',
        id: invitation._id,
        to: email,
        companyName: company.name,
        role: roleName(input.role),
        invitedBy: actor.name || actor.email,
        token,
        expiresAt,
      });
      return detail(company);
    },
    async revoke(invitationId: Id): Promise<CompanyDetail> {
      const result = await companies.revokeInvitation(company._id, invitationId);
      if (result === 'NOT_FOUND') throw AppError.notFound('Invitation not found');
      if (result === 'NOT_PENDING') {
        throw AppError.conflict('This invitation was accepted or revoked already');
      }
      return detail(company);
    },
    async updateMember(email: string, input: UpdateMember): Promise<CompanyMember> {
      const change: MemberChange = {
        ...(input.role && { role: input.role }),
        ...cents('spendingLimitPerOrderCents', input.spendingLimitPerOrder),
        ...cents('spendingLimitPerMonthCents', input.spendingLimitPerMonth),
      };
      const result = await companies.updateMember(company._id, email, change);
      if (result === 'NOT_FOUND') throw AppError.notFound('Member not found');
      if (result === 'LAST_ADMIN') throw AppError.conflict(LAST_ADMIN);
      return toMemberWire(result);
    },
    async removeMember(email: string): Promise<CompanyDetail> {
      const result = await companies.removeMember(company._id, email);
      if (result === 'NOT_FOUND') throw AppError.notFound('Member not found');
      if (result === 'LAST_ADMIN') throw AppError.conflict(LAST_ADMIN);
      return detail(company);
    },
  });

  return {
    async create(input: SaveCompany): Promise<CompanyDetail> {
      const created = await companies.create(toCompanyInput(input));
      // Without a first admin nobody can be a member already.
      if (created === 'ALREADY_MEMBER') throw new Error('unreachable: no member added');
      return detail(created);
    },
    /**
     * The company's fields (null: left as they are) and its price lists and policy (each left
     * out: unchanged). The lists are checked and written first, so an unknown one changes nothing.
     */
    async update(
      id: Id,
      input: SaveCompany | null,
      pricing: CompanyPricing,
    ): Promise<CompanyDetail> {
      if (pricing.priceListIds || pricing.pricePolicy) {
        const result = await store.priceLists.setCompanyPricing(id, pricing);
        if (!result) throw AppError.notFound('Company not found');
        if ('unknownListId' in result) {
          const message = `Price list ${result.unknownListId} does not exist`;
          throw AppError.badRequest(message, [{ path: 'priceListIds', message }]);
        }
      }
      const updated = input
        ? await companies.update(id, toCompanyInput(input))
        : await companies.get(id);
      if (!updated) throw AppError.notFound('Company not found');
      return detail(updated);
    },
    async list() {
      return Promise.all((await companies.list()).map(wire));
    },
    async get(id: Id): Promise<CompanyDetail> {
      return detail(await findCompany(id));
    },
    /** Issue 51: asks VIES now (the format was checked when the ID was saved). */
    async checkVatId(id: Id): Promise<CompanyDetail> {
      const company = await findCompany(id);
      const format = isViesVatId(company.vatId) ? checkVatIdFormat(company.vatId) : undefined;
      if (!format?.ok) {
        const message = format
          ? format.reason
          : `${company.vatId} is not an EU VAT ID: VIES cannot verify it`;
        throw AppError.badRequest(message, [{ path: 'vatId', message }]);
      }
      const checked = await vatChecks.checkNow(company);
      return detail(checked ?? (await findCompany(id)));
    },
    /** Issue 51: an admin verified the ID by other means, and says how. */
    async recordVatVerification(id: Id, note: string, actor: UserRecord): Promise<CompanyDetail> {
      const verification = { note, by: actor.email, at: now().toISOString() };
      const updated = await companies.recordVatVerification(id, verification);
      if (!updated) throw AppError.notFound('Company not found');
      return detail(updated);
    },
    /** The shop admin's hands on any company. */
    async asShopAdmin(id: Id, actor: UserRecord) {
      return manage(await findCompany(id), actor);
    },
    /** A company-admin's hands on their own company (403 for anyone else). */
    async asCompanyAdmin(actor: UserRecord) {
      return manage(await ownCompanyAsAdmin(actor), actor);
    },

    /** The caller's company and role; company-admins also see members and invitations. */
    async mine(
      caller: UserRecord,
      latestApplication: MyCompany['application'],
    ): Promise<MyCompany> {
      const membership = await companies.membershipOf(caller.email);
      if (!membership) return { company: null, role: null, application: latestApplication };
      const { company, member } = membership;
      const full = member.role === 'company-admin';
      return {
        company: full
          ? await detail(company)
          : { ...(await wire(company)), members: [], invitations: [] },
        role: member.role,
        application: null,
        buying: await buyingOf(store, company, member, now().toISOString()),
      };
    },

    async viewInvitation(token: string): Promise<InvitationView> {
      const invitation = await companies.invitationByTokenHash(hashToken(token));
      if (!invitation) throw AppError.notFound('This invitation link is not valid');
      const company = await findCompany(invitation.companyId);
      const expired =
        invitation.status === 'pending' && invitation.expiresAt <= now().toISOString();
      return {
        companyName: company.name,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
        status: expired ? 'expired' : invitation.status,
      };
    },

    /**
     * For whoever holds the link, signed out too: the token (256 random bits) is the guard. Only
     * an open invitation says anything, and only the company's name and the invited address.
     */
    async previewInvitation(token: string): Promise<InvitationPreview> {
      const invitation = await companies.invitationByTokenHash(hashToken(token));
      if (!invitation) throw AppError.notFound('This invitation link is not valid');
      if (invitation.status !== 'pending' || invitation.expiresAt <= now().toISOString()) {
        throw AppError.conflict('This invitation is no longer open: ask for a new one');
      }
      const company = await findCompany(invitation.companyId);
      return { companyName: company.name, email: invitation.email };
    },

    async acceptInvitation(caller: UserRecord, token: string): Promise<MyCompany> {
      await requireVerifiedEmail(identity, caller.email, 'to join a company');
      const result = await companies.acceptInvitation(
        hashToken(token),
        { email: caller.email, ...(caller.name && { name: caller.name }) },
        now().toISOString(),
      );
      switch (result) {
        case 'NOT_FOUND':
          throw AppError.notFound('This invitation link is not valid');
        case 'NOT_PENDING':
          throw AppError.conflict('This invitation was accepted or revoked already');
        case 'EXPIRED':
          throw AppError.conflict('This invitation has expired: ask for a new one');
        case 'WRONG_EMAIL':
          throw AppError.forbidden(
            'This invitation is for another email address: sign in with the address it was sent to',
          );
        case 'ALREADY_MEMBER':
          throw AppError.conflict(
            'You already belong to a company: a person can be a member of one company only',
          );
      }
      return this.mine(caller, null);
    },
  };
}

const roleName = (role: CompanyRole) =>
  role === 'company-admin' ? 'a company admin' : role === 'approver' ? 'an approver' : 'a buyer';

function cents<K extends 'spendingLimitPerOrderCents' | 'spendingLimitPerMonthCents'>(
  key: K,
  dollars: number | null | undefined,
): Partial<Record<K, number | null>> {
  if (dollars === undefined) return {};
  return { [key]: dollars === null ? null : dollarsToCents(dollars) } as Record<K, number | null>;
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
