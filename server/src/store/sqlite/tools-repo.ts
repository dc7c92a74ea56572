import type Database from 'better-sqlite3';
import type { TaxClass } from '@toolworks/contract/tax';
import {
  DEFAULT_CATEGORY,
  DuplicateSkuError,
  mergeIncomingStock,
  type CatalogueImportPlan,
  type CatalogueImportResult,
  type Id,
  type Page,
  orderedImages,
  type ToolImageRecord,
  type ToolInput,
  type ToolListQuery,
  type ToolRecord,
  type ToolSpec,
  type ToolsRepo,
  type ToolUpdateGuard,
} from '../store.js';
import type { PriceTierCents } from '@toolworks/contract/pricing';
import type { IncomingBatch } from '@toolworks/contract/availability';
import { generatedSku, skuKey } from '@toolworks/contract/sku';
import { newObjectId } from '../object-id.js';
import { foldName, skuPrefixProbe } from './search.js';
import { TOOL_JSON_ROW, toolListSql, type ToolListSql } from './tool-list-sql.js';

/** A row read as `TOOL_JSON_ROW`: the values of `TOOL_COLUMNS`, in order. */
type ToolJsonRow = [
  id: string,
  name: string,
  img: string,
  priceCents: number,
  description: string,
  availableQuantity: number,
  minimumOrderQuantity: number,
  category: string,
  specs: string,
  datasheetUrl: string | null,
  ratingSum: number,
  ratingCount: number,
  priceTiers: string,
  createdAt: string,
  updatedAt: string,
  sku: string,
  images: string,
  leadTimeDays: number | null,
  allowBackorders: number,
  incomingStock: string,
  unit: string,
  packSize: number,
  orderMultiple: number,
  priceBasis: number,
  taxClass: TaxClass,
];

export function jsonRowToToolRecord(json: string): ToolRecord {
  const r = JSON.parse(json) as ToolJsonRow;
  return {
    _id: r[0],
    sku: r[15],
    name: r[1],
    img: r[2],
    priceCents: r[3],
    description: r[4],
    availableQuantity: r[5],
    minimumOrderQuantity: r[6],
    category: r[7],
    specs: JSON.parse(r[8]) as ToolSpec[],
    ...(r[9] ? { datasheetUrl: r[9] } : {}),
    ratingSum: r[10],
    ratingCount: r[11],
    priceTiers: JSON.parse(r[12]) as PriceTierCents[],
    images: JSON.parse(r[16]) as ToolImageRecord[],
    leadTimeDays: r[17],
    allowBackorders: r[18] === 1,
    incomingStock: JSON.parse(r[19]) as IncomingBatch[],
    unit: r[20],
    packSize: r[21],
    orderMultiple: r[22],
    priceBasis: r[23],
    taxClass: r[24],
    createdAt: r[13],
    updatedAt: r[14],
  };
}

/**
 * Exported so a test can check the query plans use the indexes. Newest first is `seq` (the
 * rowid, in insertion order) descending: the FTS index yields its matches in rowid order, so a
 * page of a common term ("drill": 5,000 matches in 100,000 tools) stops after 24 rows instead of
 * sorting every match (0.4 ms instead of 33 ms, see docs/performance.md).
 */
export const TOOL_SEARCH_SQL = {
  listFts: toolListSql({ search: 'drill' }).list,
  countFts: toolListSql({ search: 'drill' }).count,
  /** The query's parameters: its FTS5 text, here with the SKU-prefix alternative (search.ts). */
  params: toolListSql({ search: 'drill' }).params,
};

const UPDATE_SQL = `UPDATE tools SET name = @name, name_folded = @nameFolded, img = @img,
    price_cents = @priceCents, description = @description, available_quantity = @availableQuantity,
    minimum_order_quantity = @minimumOrderQuantity, category = coalesce(@category, category),
    specs = coalesce(@specs, specs),
    datasheet_url = CASE WHEN @keepDatasheet THEN datasheet_url ELSE @datasheetUrl END,
    price_tiers = coalesce(@priceTiers, price_tiers), sku = coalesce(@sku, sku),
    lead_time_days = CASE WHEN @keepLeadTime THEN lead_time_days ELSE @leadTimeDays END,
    allow_backorders = coalesce(@allowBackorders, allow_backorders),
    incoming_stock = coalesce(@incomingStock, incoming_stock), unit = coalesce(@unit, unit),
    pack_size = coalesce(@packSize, pack_size),
    order_multiple = coalesce(@orderMultiple, order_multiple),
    price_basis = coalesce(@priceBasis, price_basis), tax_class = coalesce(@taxClass, tax_class),
    updated_at = @now
    WHERE id = @id`;

/** The unique index on the SKU refused the write: the caller's SKU is another tool's. */
function duplicateSku<T>(write: () => T, sku: () => string): T {
  try {
    return write();
  } catch (err) {
    if (
      err instanceof Error &&
      (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
      err.message.includes('tools.sku')
    )
      throw new DuplicateSkuError(sku());
    throw err;
  }
}

/** Thrown inside the import's transaction to roll it back when a tool to update is gone. */
class ToolGone extends Error {
  constructor(readonly id: Id) {
    super(`tool ${id} is gone`);
  }
}

type ImageChange = ToolImageRecord[] | 'TOO_MANY' | 'NO_IMAGE' | 'MISMATCH';

const SKU_CHUNK = 500;

/** About 1 kB each: a few pages of every sort and filter people use, under 2 MB. */
const MAX_SERIALIZED_ROWS = 2000;

export function sqliteToolsRepo(db: Database.Database): ToolsRepo {
  const countAll = db.prepare('SELECT count(*) FROM tools').pluck();
  const skuKnown = skuPrefixProbe(db);
  // DISTINCT sorted 10,000 names in a temporary b-tree (27 ms); a Set halves that.
  const allNames = db.prepare('SELECT name FROM tools').pluck();
  // One statement per filter shape (at most 2 x 2 x 2 x 3 x 4 x 2 of them), prepared once.
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  // One tool reads as a page's do, its values as one JSON text (`TOOL_JSON_ROW`): a third of the
  // CPU of a row object of 20 columns.
  const getOne = db.prepare(`SELECT ${TOOL_JSON_ROW} FROM tools t WHERE t.id = ?`).pluck();
  // The NOCASE comparison is the unique index's own: it answers from the index.
  const getBySku = db
    .prepare(`SELECT ${TOOL_JSON_ROW} FROM tools t WHERE t.sku = ? COLLATE NOCASE`)
    .pluck();
  const insert =
    db.prepare(`INSERT INTO tools (id, sku, name, name_folded, img, price_cents, description,
    available_quantity, minimum_order_quantity, category, specs, datasheet_url, price_tiers,
    lead_time_days, allow_backorders, incoming_stock, unit, pack_size, order_multiple,
    price_basis, tax_class, created_at, updated_at)
    VALUES (@id, @sku, @name, @nameFolded, @img, @priceCents, @description, @availableQuantity,
    @minimumOrderQuantity, coalesce(@category, '${DEFAULT_CATEGORY}'), coalesce(@specs, '[]'),
    @datasheetUrl, coalesce(@priceTiers, '[]'), @leadTimeDays, coalesce(@allowBackorders, 0),
    coalesce(@incomingStock, '[]'), coalesce(@unit, 'C62'), coalesce(@packSize, 1),
    coalesce(@orderMultiple, 1), coalesce(@priceBasis, 1), coalesce(@taxClass, 'standard'), @now,
    @now)`);
  const update = db.prepare(UPDATE_SQL);
  const updateIfStock = db.prepare(`${UPDATE_SQL} AND available_quantity = @ifAvailableQuantity`);
  const remove = db.prepare('DELETE FROM tools WHERE id = ?');
  const readImages = db.prepare('SELECT images FROM tools WHERE id = ?').pluck();
  const writeImages = db.prepare('UPDATE tools SET images = ?, updated_at = ? WHERE id = ?');
  // Read, change and write in one transaction: no other write commits in between (a rare admin
  // write, so not the buyers' queue; see docs/contributing.md). A string is a refusal.
  const changeImages = db.transaction(
    (id: Id, change: (images: ToolImageRecord[]) => ImageChange): ImageChange | null => {
      const text = readImages.get(id) as string | undefined;
      if (text === undefined) return null;
      const next = change(JSON.parse(text) as ToolImageRecord[]);
      if (typeof next !== 'string')
        writeImages.run(JSON.stringify(next), new Date().toISOString(), id);
      return next;
    },
  );

  const params = (id: Id, input: ToolInput) => ({
    id,
    sku: input.sku?.trim() ?? null,
    name: input.name,
    nameFolded: foldName(input.name),
    img: input.img,
    priceCents: input.priceCents,
    description: input.description,
    availableQuantity: input.availableQuantity,
    minimumOrderQuantity: input.minimumOrderQuantity,
    category: input.category ?? null,
    specs: input.specs ? JSON.stringify(input.specs) : null,
    keepDatasheet: input.datasheetUrl === undefined ? 1 : 0,
    datasheetUrl: input.datasheetUrl ?? null,
    priceTiers: input.priceTiers ? JSON.stringify(input.priceTiers) : null,
    keepLeadTime: input.leadTimeDays === undefined ? 1 : 0,
    leadTimeDays: input.leadTimeDays ?? null,
    allowBackorders: input.allowBackorders === undefined ? null : input.allowBackorders ? 1 : 0,
    // A new tool's batches have nothing promised; an update's are merged by `withBatches`.
    incomingStock: input.incomingStock
      ? JSON.stringify(mergeIncomingStock([], input.incomingStock))
      : null,
    unit: input.unit ?? null,
    packSize: input.packSize ?? null,
    orderMultiple: input.orderMultiple ?? null,
    priceBasis: input.priceBasis ?? null,
    taxClass: input.taxClass ?? null,
    now: new Date().toISOString(),
  });
  const storedBatches = db.prepare('SELECT incoming_stock FROM tools WHERE id = ?').pluck();
  /** An update's parameters, its batches keeping what is promised of them (or refused). */
  const updateParams = (id: Id, input: ToolInput) => {
    const base = params(id, input);
    if (!input.incomingStock) return base;
    const stored = storedBatches.get(id) as string | undefined;
    if (stored === undefined) return base;
    const merged = mergeIncomingStock(JSON.parse(stored) as IncomingBatch[], input.incomingStock);
    return { ...base, incomingStock: JSON.stringify(merged) };
  };
  const getSync = (id: Id) => {
    const row = getOne.get(id) as string | undefined;
    return row === undefined ? null : jsonRowToToolRecord(row);
  };
  // Read and delete in one transaction: a photo added in between is in the answer, not lost.
  const removeOne = db.transaction((id: Id) => {
    const tool = getSync(id);
    if (tool) remove.run(id);
    return tool;
  });
  const createSync = (input: ToolInput) => {
    const id = newObjectId();
    const sku = input.sku?.trim() ?? generatedSku(input.category ?? DEFAULT_CATEGORY, id);
    duplicateSku(
      () => insert.run({ ...params(id, input), sku }),
      () => sku,
    );
    return getSync(id) as ToolRecord;
  };
  // SQLite allows 32,766 parameters per statement; chunks of 500 keep each statement small.
  const bySkuChunks = new Map<number, Database.Statement>();
  const readBySkus = (keys: string[]): ToolRecord[] => {
    let statement = bySkuChunks.get(keys.length);
    if (!statement) {
      statement = db
        .prepare(
          `SELECT ${TOOL_JSON_ROW} FROM tools t WHERE t.sku COLLATE NOCASE IN (${keys.map(() => '?').join(',')})`,
        )
        .pluck();
      bySkuChunks.set(keys.length, statement);
    }
    return (statement.all(...keys) as string[]).map(jsonRowToToolRecord);
  };
  // One read transaction: the page and its total see the same snapshot.
  const readPageAndTotal = db.transaction(
    (list: Database.Statement, count: Database.Statement, where: unknown[], window: unknown[]) => ({
      rows: list.all(...window),
      total: count.get(...where) as number,
    }),
  );
  /** The list statements' parameters: the filter's, then LIMIT and OFFSET. */
  const windowOf = (sql: ToolListSql, query: ToolListQuery) => [
    ...sql.params,
    query.limit,
    query.offset,
  ];
  /** A page's rows as `statement` reads them, and the total unless the caller knows it. */
  const readPage = <Row>(
    statement: Database.Statement,
    sql: ToolListSql,
    query: ToolListQuery,
  ): { rows: Row[]; total: number } => {
    const window = windowOf(sql, query);
    // A caller that knows the total already (tools.service keeps it per catalogue version) skips
    // the count, and one statement needs no transaction of its own.
    if (query.withTotal === false) return { rows: statement.all(...window) as Row[], total: -1 };
    const page = readPageAndTotal(statement, prepared(sql.count).pluck(), sql.params, window);
    return { rows: page.rows as Row[], total: page.total };
  };
  /** A page's rows as `TOOL_JSON_ROW` text, and the total unless the caller knows it. */
  const readRows = (query: ToolListQuery) => {
    const sql = toolListSql(query, skuKnown);
    return readPage<string>(prepared(sql.list).pluck(), sql, query);
  };
  // What each serializer made of a row, by the name of the row's text (`TOOL_JSON_KEY`): a tool
  // whose name, price, stock or rating changed has another name, so nothing stale is ever
  // reused. Bounded, oldest out.
  const serializedBySerializer = new WeakMap<(tool: ToolRecord) => string, Map<string, string>>();
  const serializedRows = (serialize: (tool: ToolRecord) => string) => {
    let memo = serializedBySerializer.get(serialize);
    if (!memo) {
      memo = new Map();
      serializedBySerializer.set(serialize, memo);
    }
    return memo;
  };
  /** The page's tools serialised, when each is kept already: only their names are read. */
  const keptPage = (sql: ToolListSql, query: ToolListQuery, memo: Map<string, string>) => {
    const keys = prepared(sql.keys)
      .pluck()
      .all(...windowOf(sql, query)) as string[];
    const items: string[] = [];
    for (const key of keys) {
      const text = memo.get(key);
      if (text === undefined) return undefined;
      items.push(text);
    }
    return items;
  };
  const insertAll = db.transaction((inputs: ToolInput[]) => {
    for (const input of inputs) createSync(input);
    return inputs.length;
  });
  // A rare admin write, so a transaction of its own rather than the buyers' write queue: nothing
  // else commits in between, and a throw rolls every row back.
  const importAll = db.transaction((plan: CatalogueImportPlan): CatalogueImportResult => {
    for (const input of plan.creates) createSync(input);
    for (const { id, input } of plan.updates) {
      const taken = () => input.sku?.trim() ?? '';
      if (duplicateSku(() => update.run(updateParams(id, input)), taken).changes === 0)
        throw new ToolGone(id);
    }
    return { ok: true, created: plan.creates.length, updated: plan.updates.length };
  });

  // One transaction: the batches' promised units read for the merge cannot move before the write.
  const updateOne = db.transaction(
    (id: Id, input: ToolInput, guard?: ToolUpdateGuard): ToolRecord | null | 'STOCK_CHANGED' => {
      const taken = () => input.sku?.trim() ?? '';
      if (!guard)
        return duplicateSku(() => update.run(updateParams(id, input)), taken).changes
          ? getSync(id)
          : null;
      // The stock is the statement's condition: an order committed since the read changes nothing.
      const changes = duplicateSku(
        () => updateIfStock.run({ ...updateParams(id, input), ...guard }),
        taken,
      ).changes;
      if (changes) return getSync(id);
      return getSync(id) ? 'STOCK_CHANGED' : null;
    },
  );

  return {
    async list(query: ToolListQuery): Promise<Page<ToolRecord>> {
      const { rows, total } = readRows(query);
      return { items: rows.map(jsonRowToToolRecord), total };
    },
    async listSerialized(query, serialize) {
      const sql = toolListSql(query, skuKnown);
      const memo = serializedRows(serialize);
      const kept = query.withTotal === false ? keptPage(sql, query, memo) : undefined;
      if (kept) return { items: kept, total: -1 };
      const { rows, total } = readPage<[string, string]>(prepared(sql.keyed).raw(), sql, query);
      const items = rows.map(([key, row]) => {
        let text = memo.get(key);
        if (text === undefined) {
          text = serialize(jsonRowToToolRecord(row));
          if (memo.size >= MAX_SERIALIZED_ROWS) memo.delete(memo.keys().next().value as string);
          memo.set(key, text);
        }
        return text;
      });
      return { items, total };
    },
    async get(id) {
      return getSync(id);
    },
    async getBySku(sku) {
      const row = getBySku.get(sku.trim()) as string | undefined;
      return row === undefined ? null : jsonRowToToolRecord(row);
    },
    async getBySkus(skus) {
      const keys = [...new Set(skus.map(skuKey))];
      const found: ToolRecord[] = [];
      for (let i = 0; i < keys.length; i += SKU_CHUNK) {
        found.push(...readBySkus(keys.slice(i, i + SKU_CHUNK)));
      }
      return found;
    },
    async create(input) {
      return createSync(input);
    },
    async update(id, input, guard) {
      return updateOne(id, input, guard);
    },
    async delete(id) {
      return removeOne(id);
    },
    async count() {
      return countAll.get() as number;
    },
    async names() {
      return [...new Set(allNames.all() as string[])];
    },
    async insertMany(inputs) {
      return insertAll(inputs);
    },
    async addImage(id, image, max) {
      const next = changeImages(id, (images) =>
        images.length >= max ? 'TOO_MANY' : [...images, image],
      );
      if (next === null || next === 'TOO_MANY') return next;
      return getSync(id);
    },
    async removeImage(id, imageId) {
      let removed: ToolImageRecord | undefined;
      const next = changeImages(id, (images) => {
        removed = images.find((image) => image._id === imageId);
        return removed ? images.filter((image) => image !== removed) : 'NO_IMAGE';
      });
      if (next === null) return null;
      if (next === 'NO_IMAGE' || !removed) return 'NO_IMAGE';
      return { tool: getSync(id) as ToolRecord, removed };
    },
    async orderImages(id, imageIds) {
      const next = changeImages(id, (images) => orderedImages(images, imageIds) ?? 'MISMATCH');
      if (next === null || next === 'MISMATCH') return next;
      return getSync(id);
    },
    async importCatalogue(plan) {
      try {
        return importAll(plan);
      } catch (err) {
        if (err instanceof ToolGone) return { ok: false, reason: 'TOOL_GONE', id: err.id };
        throw err;
      }
    },
  };
}
