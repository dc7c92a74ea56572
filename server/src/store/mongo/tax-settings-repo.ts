import { ObjectId, type Collection, type Db } from 'mongodb';
import type {
  NexusStateRecord,
  ResaleCertificateRecord,
  TaxSettingsRepo,
  VatRateOverrideRecord,
} from '../store.js';
import { toObjectId } from './ids.js';

/** One document per member state the admin corrected, the country as `_id`. */
type OverrideDoc = Omit<VatRateOverrideRecord, 'country'> & { _id: string };
/** One document per nexus state, the state as `_id`. */
type NexusDoc = Omit<NexusStateRecord, 'state'> & { _id: string };
/** `companyId` a string, as every collection keeps a company's id. */
type CertificateDoc = Omit<ResaleCertificateRecord, '_id'> & { _id: ObjectId };

export interface TaxSettingsCollections {
  overrides: Collection<OverrideDoc>;
  nexus: Collection<NexusDoc>;
  certificates: Collection<CertificateDoc>;
}

export const taxSettingsCollections = (db: Db): TaxSettingsCollections => ({
  overrides: db.collection<OverrideDoc>('vat_rate_overrides'),
  nexus: db.collection<NexusDoc>('tax_nexus_states'),
  certificates: db.collection<CertificateDoc>('resale_certificates'),
});

/** The indexes mongo-store.ts creates at start-up: a company's list, the expiry warning. */
export const createTaxSettingsIndexes = (db: Db) => {
  const { certificates } = taxSettingsCollections(db);
  return Promise.all([
    certificates.createIndex({ companyId: 1, expiresOn: 1, _id: 1 }),
    certificates.createIndex({ expiresOn: 1, _id: 1 }),
  ]);
};

const toOverride = ({ _id, ...doc }: OverrideDoc): VatRateOverrideRecord => ({
  country: _id,
  ...doc,
});
const toNexus = ({ _id, ...doc }: NexusDoc): NexusStateRecord => ({ state: _id, ...doc });
const toCertificate = ({ _id, ...doc }: CertificateDoc): ResaleCertificateRecord => ({
  _id: _id.toHexString(),
  ...doc,
});
const bySoonest = { expiresOn: 1, _id: 1 } as const;

export function mongoTaxSettingsRepo(c: TaxSettingsCollections): TaxSettingsRepo {
  const inCompany = (companyId: string, id: string) => {
    const _id = toObjectId(id);
    return _id ? { _id, companyId } : null;
  };
  return {
    async tables() {
      const [overrides, nexus] = await Promise.all([
        c.overrides.find().toArray(),
        c.nexus.find().sort({ _id: 1 }).toArray(),
      ]);
      return { rateOverrides: overrides.map(toOverride), nexus: nexus.map(toNexus) };
    },
    async setRateOverride(override) {
      const { country, ...fields } = override;
      await c.overrides.replaceOne({ _id: country }, fields, { upsert: true });
      return { ...override };
    },
    async clearRateOverride(country) {
      return (await c.overrides.deleteOne({ _id: country })).deletedCount > 0;
    },
    async setNexusState(nexus) {
      const { state, ...fields } = nexus;
      await c.nexus.replaceOne({ _id: state }, fields, { upsert: true });
      return { ...nexus };
    },
    async removeNexusState(state) {
      return (await c.nexus.deleteOne({ _id: state })).deletedCount > 0;
    },
    async addCertificate(input, now) {
      const { _id, ...fields } = input;
      await c.certificates.insertOne({ _id: new ObjectId(_id), ...fields, createdAt: now });
      return { ...input, createdAt: now };
    },
    async certificatesOf(companyId) {
      const docs = await c.certificates.find({ companyId }).sort(bySoonest).toArray();
      return docs.map(toCertificate);
    },
    async certificate(companyId, id) {
      const filter = inCompany(companyId, id);
      const doc = filter && (await c.certificates.findOne(filter));
      return doc ? toCertificate(doc) : null;
    },
    async removeCertificate(companyId, id) {
      const filter = inCompany(companyId, id);
      const doc = filter && (await c.certificates.findOneAndDelete(filter));
      return doc ? toCertificate(doc) : null;
    },
    async certificatesExpiring(from, to) {
      const docs = await c.certificates
        .find({ expiresOn: { $gte: from, $lte: to } })
        .sort(bySoonest)
        .toArray();
      return docs.map(toCertificate);
    },
  };
}
