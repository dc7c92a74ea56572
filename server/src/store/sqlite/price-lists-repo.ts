import type Database from 'better-sqlite3';
import { PRICE_LIST_MAX_DEPTH, type PricePolicy } from '@toolworks/contract/price-lists';
import { skuKey } from '@toolworks/contract/sku';
import type { PricingList, PricingRule } from '../../domain/pricing.js';
import type {
  CompanyPricingRecord,
  PriceListInput,
  PriceListRecord,
  PriceListsRepo,
  PriceListSummaryRecord,
  PriceListVersionRecord,
} from '../store.js';
import { newObjectId } from '../object-id.js';
import { parentProblem } from '../../domain/price-list-parents.js';

interface ListRow {
  id: string;
  name: string;
  currency: string;
  valid_from: string | null;
  valid_to: string | null;
  parent_id: string | null;
  version_starts: string;
  created_at: string;
  updated_at: string;
}
interface RuleRow {
  list_id: string;
  starts_on: string;
  rule: string;
}

const ruleKey = (rule: PricingRule) => (rule.type === 'fixed' ? skuKey(rule.sku) : null);

/** The list's own rules first, then its versions by start day, each with its rules in order. */
function toVersions(starts: string[], rules: readonly RuleRow[]): PriceListVersionRecord[] {
  const versions = new Map<string, PriceListVersionRecord>([['', { startsOn: null, rules: [] }]]);
  for (const start of [...starts].sort()) versions.set(start, { startsOn: start, rules: [] });
  for (const row of rules)
    versions.get(row.starts_on)?.rules.push(JSON.parse(row.rule) as PricingRule);
  return [...versions.values()];
}

const head = (row: ListRow) => ({
  _id: row.id,
  name: row.name,
  currency: row.currency,
  validFrom: row.valid_from,
  validTo: row.valid_to,
  parentId: row.parent_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * Price lists are an admin's occasional edits: their own transactions, not the write queue.
 * `forPricing` and `companyPricing` run on every priced request of a company member: indexed
 * reads only (a list by id, its rules by (list, SKU key), a company's assignments by company).
 */
export function sqlitePriceListsRepo(db: Database.Database): PriceListsRepo {
  const all = db.prepare(`SELECT l.*,
      (SELECT count(*) FROM price_list_rules r WHERE r.list_id = l.id) AS line_count
    FROM price_lists l ORDER BY l.name COLLATE NOCASE, l.id`);
  const byId = db.prepare<[string], ListRow>('SELECT * FROM price_lists WHERE id = ?');
  const allParents = db.prepare<[], { id: string; parent_id: string | null }>(
    'SELECT id, parent_id FROM price_lists',
  );
  const rulesOf = db.prepare<[string], RuleRow>(
    'SELECT list_id, starts_on, rule FROM price_list_rules WHERE list_id = ? ORDER BY rowid',
  );
  const rulesFor = db.prepare<[string, string], RuleRow>(`SELECT list_id, starts_on, rule
    FROM price_list_rules WHERE list_id = ?
      AND (sku_key IS NULL OR sku_key IN (SELECT value FROM json_each(?))) ORDER BY rowid`);
  const companiesOf = db
    .prepare<[string], string>(
      `SELECT c.id FROM company_price_lists a
      JOIN companies c ON c.id = a.company_id WHERE a.list_id = ?
      ORDER BY c.name COLLATE NOCASE, c.id`,
    )
    .pluck();
  const insert = db.prepare(`INSERT INTO price_lists (id, name, currency, valid_from, valid_to,
    parent_id, version_starts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const replace = db.prepare(`UPDATE price_lists SET name = ?, currency = ?, valid_from = ?,
    valid_to = ?, parent_id = ?, version_starts = ?, updated_at = ? WHERE id = ?`);
  const clearRules = db.prepare('DELETE FROM price_list_rules WHERE list_id = ?');
  const insertRule = db.prepare(
    'INSERT INTO price_list_rules (list_id, starts_on, sku_key, rule) VALUES (?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM price_lists WHERE id = ?');
  const policyOf = db
    .prepare<[string], PricePolicy>('SELECT price_policy FROM companies WHERE id = ?')
    .pluck();
  const assigned = db
    .prepare<[string], string>(
      'SELECT list_id FROM company_price_lists WHERE company_id = ? ORDER BY position',
    )
    .pluck();
  const setPolicy = db.prepare('UPDATE companies SET price_policy = ? WHERE id = ?');
  const unassignAll = db.prepare('DELETE FROM company_price_lists WHERE company_id = ?');
  const assign = db.prepare(
    'INSERT INTO company_price_lists (company_id, list_id, position) VALUES (?, ?, ?)',
  );

  const parents = () => new Map(allParents.all().map((row) => [row.id, row.parent_id]));

  const record = (row: ListRow): PriceListRecord => ({
    ...head(row),
    versions: toVersions(JSON.parse(row.version_starts) as string[], rulesOf.all(row.id)),
    companyIds: companiesOf.all(row.id),
  });

  function writeRules(id: string, versions: PriceListInput['versions']) {
    clearRules.run(id);
    for (const version of versions)
      for (const rule of version.rules)
        insertRule.run(id, version.startsOn ?? '', ruleKey(rule), JSON.stringify(rule));
  }
  const startsOf = (input: PriceListInput) =>
    JSON.stringify(input.versions.flatMap((v) => (v.startsOn ? [v.startsOn] : [])));

  const create = db.transaction((input: PriceListInput, now: string) => {
    const problem = parentProblem(parents(), null, input.parentId);
    if (problem) return problem;
    const id = newObjectId(Date.parse(now));
    insert.run(
      id,
      input.name,
      input.currency,
      input.validFrom,
      input.validTo,
      input.parentId,
      startsOf(input),
      now,
      now,
    );
    writeRules(id, input.versions);
    return record(byId.get(id) as ListRow);
  });

  const update = db.transaction((id: string, input: PriceListInput, now: string) => {
    if (!byId.get(id)) return null;
    const problem = parentProblem(parents(), id, input.parentId);
    if (problem) return problem;
    replace.run(
      input.name,
      input.currency,
      input.validFrom,
      input.validTo,
      input.parentId,
      startsOf(input),
      now,
      id,
    );
    writeRules(id, input.versions);
    return record(byId.get(id) as ListRow);
  });

  const forPricing = db.transaction((ids: readonly string[], skus: readonly string[]) => {
    const keys = JSON.stringify([...new Set(skus.map(skuKey))]);
    const lists = new Map<string, PricingList>();
    const visit = (id: string, depth: number) => {
      if (lists.has(id) || depth > PRICE_LIST_MAX_DEPTH) return;
      const row = byId.get(id);
      if (!row) return;
      lists.set(id, {
        id,
        name: row.name,
        currency: row.currency,
        validFrom: row.valid_from,
        validTo: row.valid_to,
        parentId: row.parent_id,
        versions: toVersions(JSON.parse(row.version_starts) as string[], rulesFor.all(id, keys)),
      });
      if (row.parent_id) visit(row.parent_id, depth + 1);
    };
    for (const id of ids) visit(id, 0);
    return lists;
  });

  const companyPricing = db.transaction((companyId: string): CompanyPricingRecord | null => {
    const policy = policyOf.get(companyId);
    if (!policy) return null;
    return { priceListIds: assigned.all(companyId), pricePolicy: policy };
  });

  const setCompanyPricing = db.transaction(
    (companyId: string, pricing: Partial<CompanyPricingRecord>) => {
      if (!policyOf.get(companyId)) return null;
      const unknown = pricing.priceListIds?.find((id) => !byId.get(id));
      if (unknown) return { unknownListId: unknown };
      if (pricing.pricePolicy) setPolicy.run(pricing.pricePolicy, companyId);
      if (pricing.priceListIds) {
        unassignAll.run(companyId);
        pricing.priceListIds.forEach((id, position) => assign.run(companyId, id, position));
      }
      return companyPricing(companyId);
    },
  );

  return {
    async list() {
      return (all.all() as (ListRow & { line_count: number })[]).map(
        (row): PriceListSummaryRecord => ({
          ...head(row),
          companyIds: companiesOf.all(row.id),
          lineCount: row.line_count,
          versionStarts: (JSON.parse(row.version_starts) as string[]).sort(),
        }),
      );
    },
    async get(id) {
      const row = byId.get(id);
      return row ? record(row) : null;
    },
    async create(input, now) {
      return create(input, now);
    },
    async update(id, input, now) {
      return update(id, input, now);
    },
    async delete(id) {
      // Foreign keys take its rules and assignments and clear its children's parent_id.
      return remove.run(id).changes > 0;
    },
    async forPricing(ids, skus) {
      return forPricing(ids, skus);
    },
    async companyPricing(companyId) {
      return companyPricing(companyId);
    },
    async setCompanyPricing(companyId, pricing) {
      return setCompanyPricing(companyId, pricing);
    },
  };
}
