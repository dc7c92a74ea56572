import { ObjectId, type Collection, type Filter, type MongoClient, type Sort } from 'mongodb';
import type { AdminSource, Role, UserRecord, UsersRepo } from '../store.js';
import { escapeRegex, isDuplicateKey, iso } from './ids.js';
import type { ProfileDoc } from './profiles-repo.js';
import type { CompanyDoc, MemberDoc } from './companies-repo.js';
import { inTransaction } from './transactions.js';

/** What a removal needs of the trade accounts: the person's membership ends with them. */
interface CompanyCollections {
  client: MongoClient;
  companies: Collection<CompanyDoc>;
  members: Collection<MemberDoc>;
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
  trade: CompanyCollections,
): UsersRepo {
  /**
   * Ends the membership in one transaction, unless they are their company's last company-admin.
   * Moving the company's membersVersion makes this conflict with a concurrent demotion or removal
   * of its other admin (as companies-repo does), so one of them sees the other.
   */
  const leaveCompany = (email: string) =>
    inTransaction(trade.client, async (session) => {
      const member = await trade.members.findOne({ _id: email }, { session });
      if (!member) return 'LEFT' as const;
      if (member.role === 'company-admin') {
        const others = await trade.members.countDocuments(
          { companyId: member.companyId, role: 'company-admin', _id: { $ne: email } },
          { session },
        );
        if (others === 0) return 'LAST_COMPANY_ADMIN' as const;
      }
      await trade.members.deleteOne({ _id: email }, { session });
      await trade.companies.updateOne(
        { _id: new ObjectId(member.companyId) },
        { $inc: { membersVersion: 1 } },
        { session },
      );
      return 'LEFT' as const;
    });
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
   * "Another admin remains" spans documents, which one update cannot check without a
   * transaction (and a replica set). So the change is made first and checked after: if no admin
   * is left, it is undone. Two admins demoting each other at once may then both be refused, and
   * for a moment the shop may have no admin, but it never ends up with none.
   */
  const anotherAdminRemains = async (email: string) =>
    (await users.countDocuments(
      { role: 'admin', ...active, email: { $ne: email } },
      { limit: 1 },
    )) > 0;
  const giveBack = (before: UserDoc) =>
    users.updateOne(
      { _id: before._id },
      { $set: { role: 'admin', adminSource: before.adminSource ?? 'granted' } },
    );

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
      const before = await users.findOneAndUpdate(
        { email: key, role: 'admin', ...active },
        { $unset: { role: '', adminSource: '' } },
      );
      if (!before) return 'NOT_ADMIN';
      if (await anotherAdminRemains(key)) return 'DEMOTED';
      await giveBack(before);
      return 'LAST_ADMIN';
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
      const before = await users.findOneAndUpdate(
        { email: key, ...active },
        {
          $set: { removedAt: now, sessionsValidFrom: now },
          $unset: { role: '', adminSource: '' },
        },
      );
      if (!before) return 'NOT_FOUND';
      const undo = async () => {
        await users.updateOne(
          { _id: before._id },
          before.sessionsValidFrom
            ? { $unset: { removedAt: '' }, $set: { sessionsValidFrom: before.sessionsValidFrom } }
            : { $unset: { removedAt: '', sessionsValidFrom: '' } },
        );
        if (before.role === 'admin') await giveBack(before);
      };
      if (before.role === 'admin' && !(await anotherAdminRemains(key))) {
        await undo();
        return 'LAST_ADMIN';
      }
      // Blocked first (as the admin check above): an order racing this is refused or cancelled.
      if ((await leaveCompany(key)) === 'LAST_COMPANY_ADMIN') {
        await undo();
        return 'LAST_COMPANY_ADMIN';
      }
      await profiles.deleteOne({ email_address: key });
      return 'REMOVED';
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
