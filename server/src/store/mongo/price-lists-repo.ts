import { ObjectId, type ClientSession, type Collection, type MongoClient } from 'mongodb';
import { PRICE_LIST_MAX_DEPTH } from '@toolworks/contract/price-lists';
import { skuKey } from '@toolworks/contract/sku';
import type { PricingList, PricingRule } from '../../domain/pricing.js';
import { parentProblem } from '../../domain/price-list-parents.js';
import type {
  CompanyPricingRecord,
  PriceListInput,
  PriceListRecord,
  PriceListsRepo,
  PriceListVersionRecord,
} from '../store.js';
import type { CompanyDoc } from './companies-repo.js';
import { iso, toObjectId } from './ids.js';
import { inTransaction } from './transactions.js';

export interface PriceListDoc {
  _id: ObjectId;
  name: string;
  currency: string;
  validFrom: string | null;
  validTo: string | null;
  parentId: string | null;
  /** The future-dated versions' first days (a version may have no lines). */
  versionStarts: string[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One document per rule, so pricing a page reads only the fixed rules for its SKUs and the
 * percentage rules (`skuKey` null), by the index (listId, skuKey); `startsOn` '' is the list's
 * own rules.
 */
export interface PriceListRuleDoc {
  listId: string;
  startsOn: string;
  skuKey: string | null;
  position: number;
  rule: PricingRule;
}

export interface PriceListCollections {
  lists: Collection<PriceListDoc>;
  rules: Collection<PriceListRuleDoc>;
  companies: Collection<CompanyDoc>;
}

function toVersions(
  starts: string[],
  rules: readonly PriceListRuleDoc[],
): PriceListVersionRecord[] {
  const versions = new Map<string, PriceListVersionRecord>([['', { startsOn: null, rules: [] }]]);
  for (const start of [...starts].sort()) versions.set(start, { startsOn: start, rules: [] });
  for (const doc of [...rules].sort((a, b) => a.position - b.position))
    versions.get(doc.startsOn)?.rules.push(doc.rule);
  return [...versions.values()];
}

const head = (doc: PriceListDoc) => ({
  _id: doc._id.toHexString(),
  name: doc.name,
  currency: doc.currency,
  validFrom: doc.validFrom,
  validTo: doc.validTo,
  parentId: doc.parentId,
  createdAt: iso(doc.createdAt),
  updatedAt: iso(doc.updatedAt),
});

const ruleDocs = (listId: string, input: PriceListInput): PriceListRuleDoc[] =>
  input.versions.flatMap((version, v) =>
    version.rules.map((rule, r) => ({
      listId,
      startsOn: version.startsOn ?? '',
      skuKey: rule.type === 'fixed' ? skuKey(rule.sku) : null,
      position: v * 1_000_000 + r,
      rule,
    })),
  );

const startsOf = (input: PriceListInput) =>
  input.versions.flatMap((version) => (version.startsOn ? [version.startsOn] : []));

/** A list's writes and its assignments change together, in a transaction (decision 008). */
export function mongoPriceListsRepo(
  client: MongoClient,
  { lists, rules, companies }: PriceListCollections,
): PriceListsRepo {
  const companyIdsOf = async (listId: string, session?: ClientSession) =>
    (
      await companies
        .find({ priceListIds: listId }, { session, projection: { _id: 1 } })
        .sort({ nameLower: 1, _id: 1 })
        .toArray()
    ).map((doc) => doc._id.toHexString());

  const record = async (doc: PriceListDoc, session?: ClientSession): Promise<PriceListRecord> => {
    const id = doc._id.toHexString();
    return {
      ...head(doc),
      versions: toVersions(
        doc.versionStarts,
        await rules.find({ listId: id }, { session }).toArray(),
      ),
      companyIds: await companyIdsOf(id, session),
    };
  };

  const parents = async (session: ClientSession) =>
    new Map(
      (await lists.find({}, { session, projection: { parentId: 1 } }).toArray()).map((doc) => [
        doc._id.toHexString(),
        doc.parentId,
      ]),
    );

  async function replaceRules(listId: string, input: PriceListInput, session: ClientSession) {
    await rules.deleteMany({ listId }, { session });
    const docs = ruleDocs(listId, input);
    if (docs.length > 0) await rules.insertMany(docs, { session });
  }

  const companyPricing = async (
    companyId: string,
    session?: ClientSession,
  ): Promise<CompanyPricingRecord | null> => {
    const _id = toObjectId(companyId);
    const doc =
      _id &&
      (await companies.findOne(
        { _id },
        { session, projection: { priceListIds: 1, pricePolicy: 1 } },
      ));
    return doc
      ? { priceListIds: doc.priceListIds ?? [], pricePolicy: doc.pricePolicy ?? 'lowest' }
      : null;
  };

  return {
    async list() {
      const docs = await lists.find().sort({ name: 1, _id: 1 }).toArray();
      docs.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
      return Promise.all(
        docs.map(async (doc) => {
          const id = doc._id.toHexString();
          return {
            ...head(doc),
            companyIds: await companyIdsOf(id),
            lineCount: await rules.countDocuments({ listId: id }),
            versionStarts: [...doc.versionStarts].sort(),
          };
        }),
      );
    },
    async get(id) {
      const _id = toObjectId(id);
      const doc = _id && (await lists.findOne({ _id }));
      return doc ? record(doc) : null;
    },
    async create(input, now) {
      return inTransaction(client, async (session) => {
        const problem = parentProblem(await parents(session), null, input.parentId);
        if (problem) return problem;
        const at = new Date(now);
        const doc: PriceListDoc = {
          _id: new ObjectId(),
          name: input.name,
          currency: input.currency,
          validFrom: input.validFrom,
          validTo: input.validTo,
          parentId: input.parentId,
          versionStarts: startsOf(input),
          createdAt: at,
          updatedAt: at,
        };
        await lists.insertOne(doc, { session });
        await replaceRules(doc._id.toHexString(), input, session);
        return record(doc, session);
      });
    },
    async update(id, input, now) {
      const _id = toObjectId(id);
      if (!_id) return null;
      return inTransaction(client, async (session) => {
        if (!(await lists.findOne({ _id }, { session }))) return null;
        const problem = parentProblem(await parents(session), id, input.parentId);
        if (problem) return problem;
        const doc = await lists.findOneAndUpdate(
          { _id },
          {
            $set: {
              name: input.name,
              currency: input.currency,
              validFrom: input.validFrom,
              validTo: input.validTo,
              parentId: input.parentId,
              versionStarts: startsOf(input),
              updatedAt: new Date(now),
            },
          },
          { session, returnDocument: 'after' },
        );
        if (!doc) return null;
        await replaceRules(id, input, session);
        return record(doc, session);
      });
    },
    async delete(id) {
      const _id = toObjectId(id);
      if (!_id) return false;
      return inTransaction(client, async (session) => {
        const { deletedCount } = await lists.deleteOne({ _id }, { session });
        if (deletedCount === 0) return false;
        await rules.deleteMany({ listId: id }, { session });
        await lists.updateMany({ parentId: id }, { $set: { parentId: null } }, { session });
        await companies.updateMany(
          { priceListIds: id },
          { $pull: { priceListIds: id } },
          { session },
        );
        return true;
      });
    },
    async forPricing(ids, skus) {
      const keys = [...new Set(skus.map(skuKey))];
      const found = new Map<string, PricingList>();
      let wanted = [...new Set(ids)];
      for (let depth = 0; depth <= PRICE_LIST_MAX_DEPTH && wanted.length > 0; depth += 1) {
        const objectIds = wanted.flatMap((id) => toObjectId(id) ?? []);
        const [docs, ruleDocsFound] = await Promise.all([
          lists.find({ _id: { $in: objectIds } }).toArray(),
          rules.find({ listId: { $in: wanted }, skuKey: { $in: [null, ...keys] } }).toArray(),
        ]);
        for (const doc of docs) {
          const id = doc._id.toHexString();
          found.set(id, {
            id,
            name: doc.name,
            currency: doc.currency,
            validFrom: doc.validFrom,
            validTo: doc.validTo,
            parentId: doc.parentId,
            versions: toVersions(
              doc.versionStarts,
              ruleDocsFound.filter((rule) => rule.listId === id),
            ),
          });
        }
        wanted = [...new Set(docs.flatMap((doc) => (doc.parentId ? [doc.parentId] : [])))].filter(
          (id) => !found.has(id),
        );
      }
      return found;
    },
    async companyPricing(companyId) {
      return companyPricing(companyId);
    },
    async setCompanyPricing(companyId, pricing) {
      const _id = toObjectId(companyId);
      if (!_id) return null;
      return inTransaction(client, async (session) => {
        if (!(await companies.findOne({ _id }, { session, projection: { _id: 1 } }))) return null;
        if (pricing.priceListIds) {
          const objectIds = pricing.priceListIds.flatMap((id) => toObjectId(id) ?? []);
          const known = new Set(
            (await lists.find({ _id: { $in: objectIds } }, { session }).toArray()).map((doc) =>
              doc._id.toHexString(),
            ),
          );
          const unknown = pricing.priceListIds.find((id) => !known.has(id));
          if (unknown) return { unknownListId: unknown };
        }
        await companies.updateOne(
          { _id },
          {
            $set: {
              ...(pricing.priceListIds && { priceListIds: [...pricing.priceListIds] }),
              ...(pricing.pricePolicy && { pricePolicy: pricing.pricePolicy }),
            },
          },
          { session },
        );
        return companyPricing(companyId, session);
      });
    },
  };
}
