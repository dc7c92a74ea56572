import { ObjectId, type Collection, type MongoClient } from 'mongodb';
import type {
  PaymentTerms,
  TradeApplicationRecord,
  TradeApplicationsRepo,
  ApplicationStatus,
} from '../store.js';
import { isDuplicateKey, iso, toObjectId } from './ids.js';
import { inTransaction } from './transactions.js';
import {
  addMemberDoc,
  newCompanyDoc,
  toCompanyRecord,
  type CompanyCollections,
} from './companies-repo.js';

export interface ApplicationDoc {
  _id: ObjectId;
  email: string;
  name?: string;
  companyName: string;
  vatId: string;
  billingAddress: string;
  deliveryAddress: string;
  phone: string;
  note: string;
  /** Absent on applications made before issue 48: they asked for nothing. */
  requestedPaymentTerms?: PaymentTerms;
  requestedCreditLimitCents?: number;
  status: ApplicationStatus;
  declineReason?: string;
  companyId?: string;
  createdAt: Date;
  decidedAt?: Date;
}

const toApplication = (doc: ApplicationDoc): TradeApplicationRecord => {
  const { _id, createdAt, decidedAt, requestedPaymentTerms, requestedCreditLimitCents, ...rest } =
    doc;
  return {
    ...rest,
    requestedPaymentTerms: requestedPaymentTerms ?? 'none',
    requestedCreditLimitCents: requestedCreditLimitCents ?? 0,
    _id: _id.toHexString(),
    createdAt: iso(createdAt),
    ...(decidedAt && { decidedAt: iso(decidedAt) }),
  };
};

/** One pending application per person: a unique index on `email` over pending ones (mongo-store.ts). */
export function mongoTradeApplicationsRepo(
  client: MongoClient,
  applications: Collection<ApplicationDoc>,
  companyCollections: Pick<CompanyCollections, 'companies' | 'members'>,
): TradeApplicationsRepo {
  const { companies, members } = companyCollections;
  const getDoc = (id: string) => {
    const _id = toObjectId(id);
    return _id ? applications.findOne({ _id }) : Promise.resolve(null);
  };
  return {
    async create(input) {
      const doc: ApplicationDoc = {
        _id: new ObjectId(),
        ...input,
        email: input.email.toLowerCase(),
        requestedPaymentTerms: input.requestedPaymentTerms ?? 'none',
        requestedCreditLimitCents: input.requestedCreditLimitCents ?? 0,
        status: 'pending',
        createdAt: new Date(),
      };
      if (doc.name === undefined) delete doc.name;
      try {
        await applications.insertOne(doc);
      } catch (error) {
        if (isDuplicateKey(error)) return 'PENDING_EXISTS';
        throw error;
      }
      return toApplication(doc);
    },
    async get(id) {
      const doc = await getDoc(id);
      return doc ? toApplication(doc) : null;
    },
    async latestByEmail(email) {
      const doc = await applications.findOne(
        { email: email.toLowerCase() },
        { sort: { createdAt: -1, _id: -1 } },
      );
      return doc ? toApplication(doc) : null;
    },
    async list(status) {
      const docs = await applications
        .find(status ? { status } : {})
        .sort({ createdAt: -1, _id: -1 })
        .toArray();
      return docs.map(toApplication);
    },
    async approve(id, input) {
      const _id = toObjectId(id);
      if (!_id) return 'NOT_FOUND';
      return inTransaction(client, async (session) => {
        const application = await applications.findOne({ _id }, { session });
        if (!application) return 'NOT_FOUND' as const;
        if (application.status !== 'pending') return 'NOT_PENDING' as const;
        const now = new Date();
        const company = newCompanyDoc(input, now);
        await companies.insertOne(company, { session });
        const companyId = company._id.toHexString();
        const who = {
          email: application.email,
          ...(application.name && { name: application.name }),
        };
        await addMemberDoc(members, companyId, who, 'company-admin', now, session);
        // Conditional on pending: a concurrent approval or decline conflicts and is retried.
        const approved = await applications.findOneAndUpdate(
          { _id, status: 'pending' },
          { $set: { status: 'approved', companyId, decidedAt: now } },
          { session, returnDocument: 'after' },
        );
        if (!approved) return 'NOT_PENDING' as const;
        return { application: toApplication(approved), company: toCompanyRecord(company, 1) };
      });
    },
    async decline(id, reason) {
      const _id = toObjectId(id);
      if (!_id) return 'NOT_FOUND';
      const doc = await applications.findOneAndUpdate(
        { _id, status: 'pending' },
        { $set: { status: 'declined', declineReason: reason, decidedAt: new Date() } },
        { returnDocument: 'after' },
      );
      if (doc) return toApplication(doc);
      return (await getDoc(id)) ? 'NOT_PENDING' : 'NOT_FOUND';
    },
  };
}
