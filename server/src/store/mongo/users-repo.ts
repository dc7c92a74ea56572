import {
  ObjectId,
  type ClientSession,
  type Collection,
  type Filter,
  type MongoClient,
  type Sort,
} from 'mongodb';
import type { AdminSource, Role, UserRecord, UsersRepo } from '../store.js';
import { escapeRegex, isDuplicateKey, iso } from './ids.js';
import type { ProfileDoc } from './profiles-repo.js';
import type { CompanyDoc, MemberDoc } from './companies-repo.js';
import { inTransaction } from './transactions.js';
import { refuse } from '../refusal.js';
import type { CounterDoc } from './order-docs.js';

/**
 * What a removal and a demotion need besides the users: the trade accounts (the person's
 * membership ends with them), and the `admins` counter every change of the admins moves, so two
 * such transactions at once conflict and the retried one sees the other's change.
 */
interface Collections {
  client: MongoClient;
  companies: Collection<CompanyDoc>;
  members: Collection<MemberDoc>;
  counters: Collection<CounterDoc>;
}

export interface UserDoc {
  _id: ObjectId;
  email: string;
  name?: string;
  role?: Role;
  adminSource?: AdminSource;
  removedAt?: Date;
  /** Kept by a restore: access tokens issued before it are refused. */
  sessionsValidFrom?: Date;
  /** Written by every order placed, so an order and a removal racing conflict (orders-repo). */
  lastOrderAt?: Date;
  /** Moved by every review written and every verification (review-verification.ts). */
  reviewsVersion?: number;
  createdAt: Date;
}

function toUserRecord(doc: UserDoc): UserRecord {
  return {
    _id: doc._id.toHexString(),
    email: doc.email,
    ...(doc.name != null && { name: doc.name }),
    ...(doc.role != null && { role: doc.role, adminSource: doc.adminSource ?? 'granted' }),
    ...(doc.removedAt != null && { removedAt: iso(doc.removedAt) }),
    ...(doc.sessionsValidFrom != null && { sessionsValidFrom: iso(doc.sessionsValidFrom) }),
    createdAt: iso(doc.createdAt),
  };
}

export function mongoUsersRepo(
  users: Collection<UserDoc>,
  profiles: Collection<ProfileDoc>,
  c: Collections,
): UsersRepo {
  /**
   * Ends the membership, unless they are their company's last company-admin. Moving the
   * company's membersVersion makes this conflict with a concurrent demotion or removal of its
   * other admin (as companies-repo does), so one of them sees the other.
   */
  const leaveCompany = async (email: string, session: ClientSession) => {
    const member = await c.members.findOne({ _id: email }, { session });
    if (!member) return 'LEFT' as const;
    if (member.role === 'company-admin') {
      const others = await c.members.countDocuments(
        { companyId: member.companyId, role: 'company-admin', _id: { $ne: email } },
        { session },
      );
      if (others === 0) return 'LAST_COMPANY_ADMIN' as const;
    }
    await c.members.deleteOne({ _id: email }, { session });
    await c.companies.updateOne(
      { _id: new ObjectId(member.companyId) },
      { $inc: { membersVersion: 1 } },
      { session },
    );
    return 'LEFT' as const;
  };
  const upsertOnce = (email: string, name?: string) =>
    users.findOneAndUpdate(
      { email },
      {
        // The role is never set here: signing in neither grants nor drops it.
        $setOnInsert: { _id: new ObjectId(), email, createdAt: new Date() },
        ...(name !== undefined && { $set: { name } }),
      },
      { upsert: true, returnDocument: 'after' },
    );

  const active = { removedAt: { $exists: false } };
  /*
   * "Another admin remains" spans documents: it is read in the change's transaction after moving
   * the `admins` counter, so two admins demoting or removing each other at once are serialised
   * (one write conflicts and is retried) and the shop never ends up with none.
   */
  const lockAdmins = (session: ClientSession) =>
    c.counters.updateOne({ _id: 'admins' }, { $inc: { value: 1 } }, { upsert: true, session });
  const anotherAdminRemains = async (email: string, session: ClientSession) =>
    (await users.countDocuments(
      { role: 'admin', ...active, email: { $ne: email } },
      { limit: 1, session },
    )) > 0;

  return {
    async upsert(email, name) {
      const key = email.toLowerCase();
      let doc: UserDoc | null;
      try {
        doc = await upsertOnce(key, name);
      } catch (error) {
        // Two first sign-ins at once: one insert wins the unique index, the other updates.
        if (!isDuplicateKey(error)) throw error;
        doc = await upsertOnce(key, name);
      }
      if (!doc) throw new Error(`upsert of user ${key} returned no document`);
      return toUserRecord(doc);
    },
    async getByEmail(email, options) {
      const doc = await users.findOne({
        email: email.toLowerCase(),
        ...(!options?.includeRemoved && active),
      });
      return doc ? toUserRecord(doc) : null;
    },
    async list(options) {
      const filter: Filter<UserDoc> = options?.removed
        ? { removedAt: { $exists: true } }
        : { ...active };
      const text = options?.search?.trim();
      if (text) {
        // Escaped: the admin's text is matched literally, never as a pattern.
        const pattern = { $regex: escapeRegex(text), $options: 'i' };
        filter.$or = [{ email: pattern }, { name: pattern }];
      }
      // Ids from two instances in one second do not sort by time: the stored times do.
      const order: Sort = options?.removed ? { removedAt: -1, _id: -1 } : { createdAt: 1, _id: 1 };
      return (await users.find(filter).sort(order).toArray()).map(toUserRecord);
    },
    async makeAdmin(email, source = 'granted') {
      // A grant overrides a list right; the list never overrides a grant.
      const promotable =
        source === 'granted'
          ? { $or: [{ role: { $exists: false } }, { adminSource: 'list' as const }] }
          : { role: { $exists: false } };
      const result = await users.updateOne(
        { email: email.toLowerCase(), ...active, ...promotable },
        { $set: { role: 'admin', adminSource: source } },
      );
      return result.modifiedCount;
    },
    async demoteAdmin(email) {
      const key = email.toLowerCase();
      return inTransaction(c.client, async (session) => {
        const before = await users.findOne({ email: key, role: 'admin', ...active }, { session });
        if (!before) return 'NOT_ADMIN' as const;
        await lockAdmins(session);
        if (!(await anotherAdminRemains(key, session))) return refuse('LAST_ADMIN' as const);
        await users.updateOne(
          { _id: before._id },
          { $unset: { role: '', adminSource: '' } },
          { session },
        );
        return 'DEMOTED' as const;
      });
    },
    async demoteListAdminsExcept(listed) {
      const result = await users.updateMany(
        { adminSource: 'list', email: { $nin: listed.map((e) => e.toLowerCase()) } },
        { $unset: { role: '', adminSource: '' } },
      );
      return result.modifiedCount;
    },
    async remove(email) {
      const key = email.toLowerCase();
      const now = new Date();
      // One transaction: the checks and the removal commit together or not at all. Writing the
      // user's document makes an order racing this (which writes it too) conflict, so the order
      // is refused or committed first and then cancelled with the account's other orders.
      return inTransaction(c.client, async (session) => {
        const before = await users.findOne({ email: key, ...active }, { session });
        if (!before) return 'NOT_FOUND' as const;
        if (before.role === 'admin') {
          await lockAdmins(session);
          if (!(await anotherAdminRemains(key, session))) return refuse('LAST_ADMIN' as const);
        }
        if ((await leaveCompany(key, session)) === 'LAST_COMPANY_ADMIN')
          return refuse('LAST_COMPANY_ADMIN' as const);
        await users.updateOne(
          { _id: before._id },
          {
            $set: { removedAt: now, sessionsValidFrom: now },
            $unset: { role: '', adminSource: '' },
          },
          { session },
        );
        await profiles.deleteOne({ email_address: key }, { session });
        return 'REMOVED' as const;
      });
    },
    async restore(email) {
      const result = await users.updateOne(
        { email: email.toLowerCase(), removedAt: { $exists: true } },
        { $unset: { removedAt: '' } },
      );
      return result.modifiedCount;
    },
  };
}
