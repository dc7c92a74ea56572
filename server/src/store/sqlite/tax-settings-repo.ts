import type Database from 'better-sqlite3';
import type {
  NexusStateRecord,
  ResaleCertificateRecord,
  TaxSettingsRepo,
  VatRateOverrideRecord,
} from '../store.js';

interface OverrideRow {
  country: string;
  standard: number;
  reduced: number;
  updated_by: string;
  updated_at: string;
}
interface NexusRow {
  state: string;
  rate_percent: number;
  since: string | null;
  updated_by: string;
  updated_at: string;
}
interface CertificateRow {
  id: string;
  company_id: string;
  number: string;
  state: string;
  expires_on: string;
  file_key: string;
  file_bytes: number;
  created_at: string;
  created_by: string;
}

const toOverride = (row: OverrideRow): VatRateOverrideRecord => ({
  country: row.country,
  standard: row.standard,
  reduced: row.reduced,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

const toNexus = (row: NexusRow): NexusStateRecord => ({
  state: row.state,
  ratePercent: row.rate_percent,
  ...(row.since !== null && { since: row.since }),
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

const toCertificate = (row: CertificateRow): ResaleCertificateRecord => ({
  _id: row.id,
  companyId: row.company_id,
  number: row.number,
  state: row.state,
  expiresOn: row.expires_on,
  fileKey: row.file_key,
  fileBytes: row.file_bytes,
  createdAt: row.created_at,
  createdBy: row.created_by,
});

/** An admin's rare edits: their own statements, not the write queue. */
export function sqliteTaxSettingsRepo(db: Database.Database): TaxSettingsRepo {
  const overrides = db.prepare<[], OverrideRow>('SELECT * FROM vat_rate_overrides');
  const nexus = db.prepare<[], NexusRow>('SELECT * FROM tax_nexus_states ORDER BY state');
  const putOverride = db.prepare(`INSERT INTO vat_rate_overrides (country, standard, reduced,
    updated_by, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (country) DO UPDATE SET
    standard = excluded.standard, reduced = excluded.reduced, updated_by = excluded.updated_by,
    updated_at = excluded.updated_at`);
  const deleteOverride = db.prepare('DELETE FROM vat_rate_overrides WHERE country = ?');
  const putNexus = db.prepare(`INSERT INTO tax_nexus_states (state, rate_percent, since,
    updated_by, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (state) DO UPDATE SET
    rate_percent = excluded.rate_percent, since = excluded.since,
    updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  const deleteNexus = db.prepare('DELETE FROM tax_nexus_states WHERE state = ?');
  const insertCertificate = db.prepare(`INSERT INTO resale_certificates (id, company_id, number,
    state, expires_on, file_key, file_bytes, created_at, created_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const ofCompany = db.prepare<[string], CertificateRow>(
    'SELECT * FROM resale_certificates WHERE company_id = ? ORDER BY expires_on, id',
  );
  const one = db.prepare<[string, string], CertificateRow>(
    'SELECT * FROM resale_certificates WHERE id = ? AND company_id = ?',
  );
  const deleteOne = db.prepare('DELETE FROM resale_certificates WHERE id = ? AND company_id = ?');
  const expiring = db.prepare<[string, string], CertificateRow>(`SELECT * FROM
    resale_certificates WHERE expires_on BETWEEN ? AND ? ORDER BY expires_on, id`);
  const removeCertificate = db.transaction((companyId: string, id: string) => {
    const row = one.get(id, companyId);
    if (!row) return null;
    deleteOne.run(id, companyId);
    return toCertificate(row);
  });

  return {
    async tables() {
      return { rateOverrides: overrides.all().map(toOverride), nexus: nexus.all().map(toNexus) };
    },
    async setRateOverride(o) {
      putOverride.run(o.country, o.standard, o.reduced, o.updatedBy, o.updatedAt);
      return { ...o };
    },
    async clearRateOverride(country) {
      return deleteOverride.run(country).changes > 0;
    },
    async setNexusState(n) {
      putNexus.run(n.state, n.ratePercent, n.since ?? null, n.updatedBy, n.updatedAt);
      return { ...n };
    },
    async removeNexusState(state) {
      return deleteNexus.run(state).changes > 0;
    },
    async addCertificate(input, now) {
      insertCertificate.run(
        input._id,
        input.companyId,
        input.number,
        input.state,
        input.expiresOn,
        input.fileKey,
        input.fileBytes,
        now,
        input.createdBy,
      );
      return { ...input, createdAt: now };
    },
    async certificatesOf(companyId) {
      return ofCompany.all(companyId).map(toCertificate);
    },
    async certificate(companyId, id) {
      const row = one.get(id, companyId);
      return row ? toCertificate(row) : null;
    },
    async removeCertificate(companyId, id) {
      return removeCertificate(companyId, id);
    },
    async certificatesExpiring(from, to) {
      return expiring.all(from, to).map(toCertificate);
    },
  };
}
