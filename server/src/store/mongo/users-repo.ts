import { ObjectId, type Collection } from 'mongodb';
import type { ProfileRecord, ProfilesRepo, Role, UserRecord, UsersRepo } from '../store.js';
import { isDuplicateKey, iso } from './ids.js';

export interface UserDoc {
  _id: ObjectId;
  email: string;
  name?: string;
  role?: Role;
  createdAt: Date;
}

export type ProfileDoc = ProfileRecord & { _id?: ObjectId };

function toUserRecord(doc: UserDoc): UserRecord {
  return {
    _id: doc._id.toHexString(),
    email: doc.email,
    ...(doc.name != null && { name: doc.name }),
    ...(doc.role != null && { role: doc.role }),
    createdAt: iso(doc.createdAt),
  };
}

export function mongoUsersRepo(
  users: Collection<UserDoc>,
  profiles: Collection<ProfileDoc>,
): UsersRepo {
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
    async getByEmail(email) {
      const doc = await users.findOne({ email: email.toLowerCase() });
      return doc ? toUserRecord(doc) : null;
    },
    async list() {
      return (await users.find().sort({ _id: 1 }).toArray()).map(toUserRecord);
    },
    async makeAdmin(email) {
      const result = await users.updateOne(
        { email: email.toLowerCase(), role: { $ne: 'admin' } },
        { $set: { role: 'admin' } },
      );
      return result.modifiedCount;
    },
    async delete(email) {
      const key = email.toLowerCase();
      await profiles.deleteOne({ email_address: key });
      return (await users.deleteOne({ email: key })).deletedCount;
    },
  };
}

export function mongoProfilesRepo(profiles: Collection<ProfileDoc>): ProfilesRepo {
  // Documents saved before issue 13 have no company fields: they read as empty, as in SQLite.
  const toProfileRecord = ({ _id: _ignored, ...profile }: ProfileDoc): ProfileRecord => ({
    ...profile,
    company_name: profile.company_name ?? '',
    vat_id: profile.vat_id ?? '',
    delivery_address: profile.delivery_address ?? '',
  });
  return {
    async get(email) {
      const doc = await profiles.findOne({ email_address: email.toLowerCase() });
      return doc ? toProfileRecord(doc) : null;
    },
    async upsert(profile) {
      const record = { ...profile, email_address: profile.email_address.toLowerCase() };
      await profiles.replaceOne({ email_address: record.email_address }, record, { upsert: true });
      return record;
    },
  };
}
