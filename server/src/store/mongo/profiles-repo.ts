import type { Collection, ObjectId } from 'mongodb';
import type { ProfileRecord, ProfilesRepo } from '../store.js';

export type ProfileDoc = ProfileRecord & { _id?: ObjectId };

export function mongoProfilesRepo(profiles: Collection<ProfileDoc>): ProfilesRepo {
  // Documents saved before issue 13 (23) have no company fields (postal code): they read as empty, as in SQLite.
  const toProfileRecord = ({ _id: _ignored, ...profile }: ProfileDoc): ProfileRecord => ({
    ...profile,
    company_name: profile.company_name ?? '',
    vat_id: profile.vat_id ?? '',
    delivery_address: profile.delivery_address ?? '',
    postal_code: profile.postal_code ?? '',
  });
  return {
    async get(email) {
      const doc = await profiles.findOne({ email_address: email.toLowerCase() });
      return doc ? toProfileRecord(doc) : null;
    },
    async getMany(emails) {
      if (emails.length === 0) return [];
      const keys = emails.map((e) => e.toLowerCase());
      return (await profiles.find({ email_address: { $in: keys } }).toArray()).map(toProfileRecord);
    },
    async upsert(profile) {
      const record = { ...profile, email_address: profile.email_address.toLowerCase() };
      await profiles.replaceOne({ email_address: record.email_address }, record, { upsert: true });
      return record;
    },
  };
}
