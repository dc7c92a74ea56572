import { ObjectId, type ClientSession, type Collection, type MongoClient } from 'mongodb';
import type {
  CompaniesRepo,
  CompanyAddressRecord,
  CompanyInput,
  CompanyInvitationRecord,
  CompanyMemberRecord,
  CompanyRecord,
  CompanyRole,
  EInvoiceFormat,
  InvitationStatus,
  NewMember,
  PaymentTerms,
  VatManualVerification,
} from '../store.js';
import type { VatIdStatus } from '../../domain/tax.js';
import { vatStateOnSave, type VatEvidence } from '../../domain/vat-check.js';
import type { PricePolicy } from '@toolworks/contract/price-lists';
import { refuse } from '../refusal.js';
import { isDuplicateKey, iso, toObjectId } from './ids.js';
import { inTransaction } from './transactions.js';

export interface CompanyDoc {
  _id: ObjectId;
  name: string;
  nameLower: string;
  vatId: string;
  billingAddress: string;
  deliveryAddresses: CompanyAddressRecord[];
  paymentTerms: PaymentTerms;
  creditLimitCents: number;
  /** Issue 50: assigned price lists in order (absent: none) and the policy (absent: lowest). */
  priceListIds?: string[];
  pricePolicy?: PricePolicy;
  /**
   * Moved by every change to who its company-admins are, inside the change's transaction: two
   * concurrent demotions of its last two admins then write the same document, so one of them
   * is retried and sees the other (snapshot reads alone would let both pass).
   */
  membersVersion: number;
  /**
   * Issue 51 (CompanyVatState in the port): dates as ISO strings, compared as SQLite's are.
   * Written by migration 9 for companies from before it.
   */
  vatStatus: VatIdStatus;
  vatEvidence?: VatEvidence;
  vatCheckDueAt?: string;
  vatCheckAttempts: number;
  vatLastError?: string;
  vatManualVerification?: VatManualVerification;
  /** The sweep's lease, as the outbox's. */
  vatClaimedBy?: string;
  vatClaimedUntil?: string;
  /** Issue 52. Absent (a company from before it): `facturx`, and no buyer reference. */
  eInvoiceFormat?: EInvoiceFormat;
  buyerReference?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** `_id` is the member's email: a person belongs to at most one company, by the primary key. */
export interface MemberDoc {
  _id: string;
  companyId: string;
  name?: string;
  role: CompanyRole;
  spendingLimitPerOrderCents?: number;
  spendingLimitPerMonthCents?: number;
  joinedAt: Date;
}

export interface InvitationDoc {
  _id: ObjectId;
  companyId: string;
  email: string;
  role: CompanyRole;
  tokenHash: string;
  status: InvitationStatus;
  invitedBy: string;
  expiresAt: Date;
  createdAt: Date;
  acceptedAt?: Date;
}

export interface CompanyCollections {
  companies: Collection<CompanyDoc>;
  members: Collection<MemberDoc>;
  invitations: Collection<InvitationDoc>;
}

export const toCompanyRecord = (doc: CompanyDoc, memberCount: number): CompanyRecord => ({
  _id: doc._id.toHexString(),
  name: doc.name,
  vatId: doc.vatId,
  billingAddress: doc.billingAddress,
  deliveryAddresses: doc.deliveryAddresses,
  paymentTerms: doc.paymentTerms,
  creditLimitCents: doc.creditLimitCents,
  memberCount,
  vatStatus: doc.vatStatus ?? 'pending',
  ...(doc.vatEvidence && { vatEvidence: doc.vatEvidence }),
  ...(doc.vatCheckDueAt && { vatCheckDueAt: doc.vatCheckDueAt }),
  vatCheckAttempts: doc.vatCheckAttempts ?? 0,
  ...(doc.vatLastError && { vatLastError: doc.vatLastError }),
  ...(doc.vatManualVerification && { vatManualVerification: doc.vatManualVerification }),
  eInvoiceFormat: doc.eInvoiceFormat ?? 'facturx',
  ...(doc.buyerReference && { buyerReference: doc.buyerReference }),
  createdAt: iso(doc.createdAt),
  updatedAt: iso(doc.updatedAt),
});

/** A new or changed VAT ID starts over: what VIES or an admin said was about the old one. */
const freshVat = (vatId: string, now: Date) => {
  const state = vatStateOnSave(vatId, now.toISOString());
  return {
    vatStatus: state.status,
    ...(state.checkDueAt && { vatCheckDueAt: state.checkDueAt }),
    vatCheckAttempts: 0,
  };
};
const VAT_RESET_UNSET = [
  'vatEvidence',
  'vatCheckDueAt',
  'vatLastError',
  'vatManualVerification',
  'vatClaimedBy',
  'vatClaimedUntil',
];

const toMember = (doc: MemberDoc): CompanyMemberRecord => {
  const { _id, joinedAt, ...rest } = doc;
  return { ...rest, email: _id, joinedAt: iso(joinedAt) };
};

const toInvitation = (doc: InvitationDoc): CompanyInvitationRecord => {
  const { _id, expiresAt, createdAt, acceptedAt, ...rest } = doc;
  return {
    ...rest,
    _id: _id.toHexString(),
    expiresAt: iso(expiresAt),
    createdAt: iso(createdAt),
    ...(acceptedAt && { acceptedAt: iso(acceptedAt) }),
  };
};

export function newCompanyDoc(input: CompanyInput, now: Date): CompanyDoc {
  const { eInvoiceFormat, buyerReference, ...rest } = input;
  return {
    _id: new ObjectId(),
    ...rest,
    eInvoiceFormat: eInvoiceFormat ?? 'facturx',
    ...(buyerReference && { buyerReference }),
    nameLower: input.name.toLowerCase(),
    membersVersion: 0,
    ...freshVat(input.vatId, now),
    createdAt: now,
    updatedAt: now,
  };
}

/** Inside a transaction: refuses ALREADY_MEMBER when the person is in a company already. */
export async function addMemberDoc(
  members: Collection<MemberDoc>,
  companyId: string,
  who: NewMember,
  role: CompanyRole,
  now: Date,
  session: ClientSession,
): Promise<MemberDoc> {
  const doc: MemberDoc = {
    _id: who.email.toLowerCase(),
    companyId,
    ...(who.name !== undefined && { name: who.name }),
    role,
    joinedAt: now,
  };
  try {
    await members.insertOne(doc, { session });
  } catch (error) {
    if (isDuplicateKey(error)) refuse('ALREADY_MEMBER' as const);
    throw error;
  }
  return doc;
}

export function mongoCompaniesRepo(client: MongoClient, c: CompanyCollections): CompaniesRepo {
  const { companies, members, invitations } = c;
  const count = (companyId: string, session?: ClientSession) =>
    members.countDocuments({ companyId }, { session });
  const record = async (doc: CompanyDoc | null, session?: ClientSession) =>
    doc ? toCompanyRecord(doc, await count(doc._id.toHexString(), session)) : null;
  const getCompany = (id: string, session?: ClientSession) => {
    const _id = toObjectId(id);
    return _id ? companies.findOne({ _id }, { session }) : Promise.resolve(null);
  };
  const otherAdmins = (companyId: string, email: string, session: ClientSession) =>
    members.countDocuments({ companyId, role: 'company-admin', _id: { $ne: email } }, { session });
  const touchMembers = (companyId: string, session: ClientSession) =>
    companies.updateOne(
      { _id: new ObjectId(companyId) },
      { $inc: { membersVersion: 1 } },
      { session },
    );

  return {
    async create(input, firstAdmin) {
      return inTransaction(client, async (session) => {
        const now = new Date();
        const doc = newCompanyDoc(input, now);
        await companies.insertOne(doc, { session });
        if (firstAdmin) {
          const id = doc._id.toHexString();
          await addMemberDoc(members, id, firstAdmin, 'company-admin', now, session);
        }
        return toCompanyRecord(doc, firstAdmin ? 1 : 0);
      });
    },
    async update(id, input) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const now = new Date();
      // The e-invoice settings change only when given; a blank reference removes it.
      const { eInvoiceFormat, buyerReference, ...editable } = input;
      const fields = {
        ...editable,
        ...(eInvoiceFormat && { eInvoiceFormat }),
        ...(buyerReference && { buyerReference }),
        nameLower: input.name.toLowerCase(),
        updatedAt: now,
      };
      const clear: Record<string, ''> = buyerReference === '' ? { buyerReference: '' } : {};
      // Two steps, each conditional: the VAT state is reset only by the write that changed the ID.
      const fresh = freshVat(input.vatId, now);
      const unset: Record<string, ''> = { ...clear };
      for (const key of VAT_RESET_UNSET) if (!(key in fresh)) unset[key] = '';
      const changed = await companies.findOneAndUpdate(
        { _id, vatId: { $ne: input.vatId } },
        { $set: { ...fields, ...fresh }, $unset: unset },
        { returnDocument: 'after' },
      );
      if (changed) return record(changed);
      const doc = await companies.findOneAndUpdate(
        { _id },
        { $set: fields, ...(Object.keys(clear).length && { $unset: clear }) },
        { returnDocument: 'after' },
      );
      return record(doc);
    },
    async get(id) {
      return record(await getCompany(id));
    },
    async list() {
      const docs = await companies.find({}).sort({ nameLower: 1, _id: 1 }).toArray();
      const counts = await members
        .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$companyId', n: { $sum: 1 } } }])
        .toArray();
      const byCompany = new Map(counts.map((row) => [row._id, row.n]));
      return docs.map((doc) => toCompanyRecord(doc, byCompany.get(doc._id.toHexString()) ?? 0));
    },
    async membershipOf(email) {
      const member = await members.findOne({ _id: email.toLowerCase() });
      const company = member && (await record(await getCompany(member.companyId)));
      return member && company ? { company, member: toMember(member) } : null;
    },
    async companyIdOf(email) {
      const member = await members.findOne(
        { _id: email.toLowerCase() },
        { projection: { companyId: 1 } },
      );
      return member?.companyId ?? null;
    },
    async members(companyId) {
      const docs = await members.find({ companyId }).sort({ _id: 1 }).toArray();
      const admin = (doc: MemberDoc) => (doc.role === 'company-admin' ? 0 : 1);
      return docs.sort((a, b) => admin(a) - admin(b)).map(toMember);
    },
    async updateMember(companyId, rawEmail, change) {
      const email = rawEmail.toLowerCase();
      return inTransaction(client, async (session) => {
        const current = await members.findOne({ _id: email, companyId }, { session });
        if (!current) return 'NOT_FOUND' as const;
        const role = change.role ?? current.role;
        if (role !== 'company-admin' && current.role === 'company-admin') {
          if ((await otherAdmins(companyId, email, session)) === 0) return 'LAST_ADMIN' as const;
        }
        const set: Partial<MemberDoc> = { role };
        const unset: Record<string, ''> = {};
        for (const key of ['spendingLimitPerOrderCents', 'spendingLimitPerMonthCents'] as const) {
          const value = change[key];
          if (value === null) unset[key] = '';
          else if (value !== undefined) set[key] = value;
        }
        const doc = await members.findOneAndUpdate(
          { _id: email, companyId },
          { $set: set, ...(Object.keys(unset).length && { $unset: unset }) },
          { session, returnDocument: 'after' },
        );
        await touchMembers(companyId, session);
        return doc ? toMember(doc) : ('NOT_FOUND' as const);
      });
    },
    async removeMember(companyId, rawEmail) {
      const email = rawEmail.toLowerCase();
      return inTransaction(client, async (session) => {
        const current = await members.findOne({ _id: email, companyId }, { session });
        if (!current) return 'NOT_FOUND' as const;
        if (
          current.role === 'company-admin' &&
          (await otherAdmins(companyId, email, session)) === 0
        ) {
          return 'LAST_ADMIN' as const;
        }
        await members.deleteOne({ _id: email, companyId }, { session });
        await touchMembers(companyId, session);
        return 'REMOVED' as const;
      });
    },
    async invite(input) {
      return inTransaction(client, async (session) => {
        const email = input.email.toLowerCase();
        await invitations.updateMany(
          { companyId: input.companyId, email, status: 'pending' },
          { $set: { status: 'revoked' } },
          { session },
        );
        const doc: InvitationDoc = {
          _id: new ObjectId(),
          ...input,
          email,
          status: 'pending',
          expiresAt: new Date(input.expiresAt),
          createdAt: new Date(),
        };
        await invitations.insertOne(doc, { session });
        return toInvitation(doc);
      });
    },
    async pendingInvitations(companyId, now) {
      const docs = await invitations
        .find({ companyId, status: 'pending', expiresAt: { $gt: new Date(now) } })
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      return docs.map(toInvitation);
    },
    async invitationByTokenHash(tokenHash) {
      const doc = await invitations.findOne({ tokenHash });
      return doc ? toInvitation(doc) : null;
    },
    async revokeInvitation(companyId, id) {
      const _id = toObjectId(id);
      if (!_id) return 'NOT_FOUND';
      const result = await invitations.updateOne(
        { _id, companyId, status: 'pending' },
        { $set: { status: 'revoked' } },
      );
      if (result.modifiedCount) return 'REVOKED';
      return (await invitations.findOne({ _id, companyId })) ? 'NOT_PENDING' : 'NOT_FOUND';
    },
    async acceptInvitation(tokenHash, who, now) {
      return inTransaction(client, async (session) => {
        const found = await invitations.findOne({ tokenHash }, { session });
        if (!found) return 'NOT_FOUND' as const;
        if (found.status !== 'pending') return 'NOT_PENDING' as const;
        if (iso(found.expiresAt) <= now) return 'EXPIRED' as const;
        if (found.email !== who.email.toLowerCase()) return 'WRONG_EMAIL' as const;
        const at = new Date(now);
        const member = await addMemberDoc(members, found.companyId, who, found.role, at, session);
        const accepted = await invitations.updateOne(
          { _id: found._id, status: 'pending' },
          { $set: { status: 'accepted', acceptedAt: at } },
          { session },
        );
        if (accepted.modifiedCount === 0) refuse('NOT_PENDING' as const);
        await touchMembers(found.companyId, session);
        const company = await record(await getCompany(found.companyId, session), session);
        if (!company) return 'NOT_FOUND' as const;
        return { member: toMember(member), company };
      });
    },
    async claimVatChecks(workerId, now, leaseMs, limit) {
      const until = new Date(Date.parse(now) + leaseMs).toISOString();
      const claimed: CompanyRecord[] = [];
      // One conditional update per company: of two instances, one wins each (as the outbox).
      while (claimed.length < limit) {
        const doc = await companies.findOneAndUpdate(
          {
            vatCheckDueAt: { $lte: now },
            $or: [{ vatClaimedUntil: { $exists: false } }, { vatClaimedUntil: { $lte: now } }],
          },
          { $set: { vatClaimedBy: workerId, vatClaimedUntil: until } },
          { sort: { vatCheckDueAt: 1, _id: 1 }, returnDocument: 'after' },
        );
        if (!doc) break;
        claimed.push((await record(doc)) as CompanyRecord);
      }
      return claimed;
    },
    async recordVatCheck(id, vatId, result) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const unset: Record<string, ''> = { vatClaimedBy: '', vatClaimedUntil: '' };
      if (!result.checkDueAt) unset.vatCheckDueAt = '';
      if (!result.lastError) unset.vatLastError = '';
      const doc = await companies.findOneAndUpdate(
        { _id, vatId },
        {
          $set: {
            vatStatus: result.status,
            vatCheckAttempts: result.attempts,
            ...(result.evidence && { vatEvidence: result.evidence }),
            ...(result.checkDueAt && { vatCheckDueAt: result.checkDueAt }),
            ...(result.lastError && { vatLastError: result.lastError }),
          },
          $unset: unset,
        },
        { returnDocument: 'after' },
      );
      return record(doc);
    },
    async recordVatVerification(id, verification) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const doc = await companies.findOneAndUpdate(
        { _id },
        { $set: { vatManualVerification: verification } },
        { returnDocument: 'after' },
      );
      return record(doc);
    },
  };
}
