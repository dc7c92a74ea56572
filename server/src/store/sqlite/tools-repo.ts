import type Database from 'better-sqlite3';
import type { Id, Page, ToolInput, ToolListQuery, ToolRecord, ToolsRepo } from '../store.js';
import type { PriceTierCents } from '../../contract/pricing.js';
import { newObjectId } from '../object-id.js';
import { foldName, nameFilter } from './search.js';

interface ToolRow {
  id: string;
  name: string;
  img: string;
  price_cents: number;
  description: string;
  available_quantity: number;
  minimum_order_quantity: number;
  price_tiers: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `t.id, t.name, t.img, t.price_cents, t.description, t.available_quantity,
  t.minimum_order_quantity, t.price_tiers, t.created_at, t.updated_at`;

export function toToolRecord(row: ToolRow): ToolRecord {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    priceCents: row.price_cents,
    description: row.description,
    availableQuantity: row.available_quantity,
    minimumOrderQuantity: row.minimum_order_quantity,
    priceTiers: JSON.parse(row.price_tiers) as PriceTierCents[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Exported so a test can check the query plans use the indexes. Newest first is `seq` (the
 * rowid, in insertion order) descending: the FTS index yields its matches in rowid order, so a
 * page of a common term ("drill": 5,000 matches in 100,000 tools) stops after 24 rows instead of
 * sorting every match (0.4 ms instead of 33 ms, see docs/performance.md).
 */
export const TOOL_SEARCH_SQL = {
  listFts: `SELECT ${COLUMNS} FROM tools_fts f JOIN tools t ON t.seq = f.rowid
    WHERE tools_fts MATCH ? ORDER BY f.rowid DESC LIMIT ? OFFSET ?`,
  countFts: 'SELECT count(*) FROM tools_fts WHERE tools_fts MATCH ?',
  listLike: `SELECT ${COLUMNS} FROM tools t
    WHERE t.name_folded LIKE ? ESCAPE '\\' ORDER BY t.seq DESC LIMIT ? OFFSET ?`,
  countLike: `SELECT count(*) FROM tools WHERE name_folded LIKE ? ESCAPE '\\'`,
};

const UPDATE_SQL = `UPDATE tools SET name = @name, name_folded = @nameFolded, img = @img,
    price_cents = @priceCents, description = @description, available_quantity = @availableQuantity,
    minimum_order_quantity = @minimumOrderQuantity,
    price_tiers = coalesce(@priceTiers, price_tiers), updated_at = @now WHERE id = @id`;

export function sqliteToolsRepo(db: Database.Database): ToolsRepo {
  const listAll = db.prepare(`SELECT ${COLUMNS} FROM tools t ORDER BY t.seq DESC LIMIT ? OFFSET ?`);
  const countAll = db.prepare('SELECT count(*) FROM tools').pluck();
  const listFts = db.prepare(TOOL_SEARCH_SQL.listFts);
  const countFts = db.prepare(TOOL_SEARCH_SQL.countFts).pluck();
  const listLike = db.prepare(TOOL_SEARCH_SQL.listLike);
  const countLike = db.prepare(TOOL_SEARCH_SQL.countLike).pluck();
  const getOne = db.prepare(`SELECT ${COLUMNS} FROM tools t WHERE t.id = ?`);
  const insert =
    db.prepare(`INSERT INTO tools (id, name, name_folded, img, price_cents, description,
    available_quantity, minimum_order_quantity, price_tiers, created_at, updated_at)
    VALUES (@id, @name, @nameFolded, @img, @priceCents, @description, @availableQuantity,
    @minimumOrderQuantity, coalesce(@priceTiers, '[]'), @now, @now)`);
  const update = db.prepare(UPDATE_SQL);
  const updateIfStock = db.prepare(`${UPDATE_SQL} AND available_quantity = @ifAvailableQuantity`);
  const remove = db.prepare('DELETE FROM tools WHERE id = ?');

  const params = (id: Id, input: ToolInput) => ({
    id,
    name: input.name,
    nameFolded: foldName(input.name),
    img: input.img,
    priceCents: input.priceCents,
    description: input.description,
    availableQuantity: input.availableQuantity,
    minimumOrderQuantity: input.minimumOrderQuantity,
    priceTiers: input.priceTiers ? JSON.stringify(input.priceTiers) : null,
    now: new Date().toISOString(),
  });
  const getSync = (id: Id) => {
    const row = getOne.get(id) as ToolRow | undefined;
    return row ? toToolRecord(row) : null;
  };
  const createSync = (input: ToolInput) => {
    const id = newObjectId();
    insert.run(params(id, input));
    return getSync(id) as ToolRecord;
  };
  const insertAll = db.transaction((inputs: ToolInput[]) => {
    for (const input of inputs) createSync(input);
    return inputs.length;
  });

  return {
    async list({ search, offset, limit }: ToolListQuery): Promise<Page<ToolRecord>> {
      const filter = nameFilter(search);
      const read = db.transaction(() => {
        if (filter.kind === 'fts')
          return {
            rows: listFts.all(filter.match, limit, offset),
            total: countFts.get(filter.match),
          };
        if (filter.kind === 'like')
          return {
            rows: listLike.all(filter.pattern, limit, offset),
            total: countLike.get(filter.pattern),
          };
        return { rows: listAll.all(limit, offset), total: countAll.get() };
      });
      const { rows, total } = read();
      return { items: (rows as ToolRow[]).map(toToolRecord), total: total as number };
    },
    async get(id) {
      return getSync(id);
    },
    async create(input) {
      return createSync(input);
    },
    async update(id, input, guard) {
      if (!guard) return update.run(params(id, input)).changes ? getSync(id) : null;
      // One conditional statement: an order committing in between makes it change nothing.
      if (updateIfStock.run({ ...params(id, input), ...guard }).changes) return getSync(id);
      return getSync(id) ? 'STOCK_CHANGED' : null;
    },
    async delete(id) {
      return remove.run(id).changes > 0;
    },
    async count() {
      return countAll.get() as number;
    },
    async insertMany(inputs) {
      return insertAll(inputs);
    },
  };
}
