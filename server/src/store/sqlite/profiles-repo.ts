import type Database from 'better-sqlite3';
import type { ProfileRecord, ProfilesRepo } from '../store.js';

interface ProfileRow {
  email: string;
  name: string;
  linkedin_profile_link: string;
  country: string;
  street_address: string;
  city: string;
  state: string;
  phone: string;
  company_name: string;
  vat_id: string;
  delivery_address: string;
  postal_code: string;
}

function toProfileRecord(row: ProfileRow): ProfileRecord {
  return {
    name: row.name,
    email_address: row.email,
    LinkedIn_profile_link: row.linkedin_profile_link,
    country: row.country,
    street_address: row.street_address,
    city: row.city,
    state: row.state,
    phone: row.phone,
    company_name: row.company_name,
    vat_id: row.vat_id,
    delivery_address: row.delivery_address,
    postal_code: row.postal_code,
  };
}

export function sqliteProfilesRepo(db: Database.Database): ProfilesRepo {
  const byEmail = db.prepare('SELECT * FROM profiles WHERE email = ?');
  const byEmails = db.prepare(
    'SELECT * FROM profiles WHERE email IN (SELECT value FROM json_each(?))',
  );
  const upsert = db.prepare(`INSERT INTO profiles (email, name, linkedin_profile_link, country,
    street_address, city, state, phone, company_name, vat_id, delivery_address, postal_code)
    VALUES (@email, @name, @link, @country, @street, @city, @state, @phone, @company, @vat,
      @delivery, @postal)
    ON CONFLICT (email) DO UPDATE SET name = excluded.name,
      linkedin_profile_link = excluded.linkedin_profile_link, country = excluded.country,
      street_address = excluded.street_address, city = excluded.city, state = excluded.state,
      phone = excluded.phone, company_name = excluded.company_name, vat_id = excluded.vat_id,
      delivery_address = excluded.delivery_address, postal_code = excluded.postal_code
    RETURNING *`);

  return {
    async get(email) {
      const row = byEmail.get(email.toLowerCase()) as ProfileRow | undefined;
      return row ? toProfileRecord(row) : null;
    },
    async getMany(emails) {
      if (emails.length === 0) return [];
      const keys = JSON.stringify(emails.map((e) => e.toLowerCase()));
      return (byEmails.all(keys) as ProfileRow[]).map(toProfileRecord);
    },
    async upsert(profile) {
      const row = upsert.get({
        email: profile.email_address.toLowerCase(),
        name: profile.name,
        link: profile.LinkedIn_profile_link,
        country: profile.country,
        street: profile.street_address,
        city: profile.city,
        state: profile.state,
        phone: profile.phone,
        company: profile.company_name,
        vat: profile.vat_id,
        delivery: profile.delivery_address,
        postal: profile.postal_code,
      });
      return toProfileRecord(row as ProfileRow);
    },
  };
}
