import type Database from 'better-sqlite3';
import type {
  SavedListLineRecord,
  SavedListRecord,
  SavedListsRepo,
  SavedListSummaryRecord,
} from '../store.js';
import { newObjectId } from '../object-id.js';

interface ListRow {
  id: string;
  owner_email: string;
  name: string;
  company_id: string | null;
  created_at: string;
  updated_at: string;
}
interface LineRow {
  tool_id: string;
  name: string;
  quantity: number;
  added_at: string;
}

const nameKey = (name: string) => name.toLowerCase();

function toSummary(row: ListRow & { line_count: number }): SavedListSummaryRecord {
  return {
    _id: row.id,
    ownerEmail: row.owner_email,
    name: row.name,
    ...(row.company_id !== null && { companyId: row.company_id }),
    lineCount: row.line_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const toLine = (row: LineRow): SavedListLineRecord => ({
  toolId: row.tool_id,
  name: row.name,
  quantity: row.quantity,
  addedAt: row.added_at,
});

/**
 * Lists are a buyer's occasional edits, not writes others wait for under load: they run in their
 * own transactions, not through the write queue. Each write is conditional on the owner.
 */
export function sqliteSavedListsRepo(db: Database.Database): SavedListsRepo {
  const byOwner = db.prepare(`SELECT l.*, (SELECT count(*) FROM saved_list_lines s
    WHERE s.list_id = l.id) AS line_count FROM saved_lists l WHERE l.owner_email = ?
    ORDER BY l.name_key, l.id`);
  const getList = db.prepare('SELECT * FROM saved_lists WHERE id = ?');
  const getLines = db.prepare(
    'SELECT * FROM saved_list_lines WHERE list_id = ? ORDER BY added_at, rowid',
  );
  const countOwned = db.prepare('SELECT count(*) FROM saved_lists WHERE owner_email = ?').pluck();
  const nameTaken = db
    .prepare('SELECT 1 FROM saved_lists WHERE owner_email = ? AND name_key = ? AND id <> ?')
    .pluck();
  const insert = db.prepare(`INSERT INTO saved_lists (id, owner_email, name, name_key,
    created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const rename = db.prepare(`UPDATE saved_lists SET name = ?, name_key = ?, updated_at = ?
    WHERE id = ? AND owner_email = ?`);
  const remove = db.prepare('DELETE FROM saved_lists WHERE id = ? AND owner_email = ?');
  const touch = db.prepare(
    'UPDATE saved_lists SET updated_at = ? WHERE id = ? AND owner_email = ?',
  );
  const lineQuantity = db
    .prepare('SELECT quantity FROM saved_list_lines WHERE list_id = ? AND tool_id = ?')
    .pluck();
  const lineCount = db.prepare('SELECT count(*) FROM saved_list_lines WHERE list_id = ?').pluck();
  const insertLine = db.prepare(`INSERT INTO saved_list_lines (list_id, tool_id, name, quantity,
    added_at) VALUES (?, ?, ?, ?, ?)`);
  const increase = db.prepare(`UPDATE saved_list_lines SET quantity = quantity + ?, name = ?
    WHERE list_id = ? AND tool_id = ?`);
  const setQuantity = db.prepare(
    'UPDATE saved_list_lines SET quantity = ? WHERE list_id = ? AND tool_id = ?',
  );
  const removeLine = db.prepare('DELETE FROM saved_list_lines WHERE list_id = ? AND tool_id = ?');
  const share = db.prepare(
    'UPDATE saved_lists SET company_id = ?, updated_at = ? WHERE id = ? AND owner_email = ?',
  );
  // The index of migration 023 (company_id, name_key) gives them in order.
  const sharedWith = db.prepare(`SELECT l.*, (SELECT count(*) FROM saved_list_lines s
    WHERE s.list_id = l.id) AS line_count FROM saved_lists l
    WHERE l.company_id = ? AND l.owner_email <> ? ORDER BY l.name_key, l.id`);

  const getOwned = (id: string, owner: string) => {
    const row = getList.get(id) as ListRow | undefined;
    return row?.owner_email === owner ? row : null;
  };

  const create = db.transaction(
    (ownerEmail: string, name: string, now: string, maxLists: number) => {
      if ((countOwned.get(ownerEmail) as number) >= maxLists) return 'TOO_MANY_LISTS' as const;
      if (nameTaken.get(ownerEmail, nameKey(name), '')) return 'NAME_TAKEN' as const;
      const id = newObjectId();
      insert.run(id, ownerEmail, name, nameKey(name), now, now);
      return id;
    },
  );
  const renameTx = db.transaction((id: string, owner: string, name: string, now: string) => {
    if (nameTaken.get(owner, nameKey(name), id)) return 'NAME_TAKEN' as const;
    return rename.run(name, nameKey(name), now, id, owner).changes === 1;
  });
  const addLine = db.transaction(
    (
      id: string,
      owner: string,
      line: Omit<SavedListLineRecord, 'addedAt'>,
      now: string,
      limits: { maxLines: number; maxQuantity: number },
    ) => {
      if (!getOwned(id, owner)) return false;
      const had = lineQuantity.get(id, line.toolId) as number | undefined;
      if (had === undefined && (lineCount.get(id) as number) >= limits.maxLines) {
        return 'TOO_MANY_LINES' as const;
      }
      if ((had ?? 0) + line.quantity > limits.maxQuantity) return 'TOO_MUCH' as const;
      if (had === undefined) insertLine.run(id, line.toolId, line.name, line.quantity, now);
      else increase.run(line.quantity, line.name, id, line.toolId);
      touch.run(now, id, owner);
      return true;
    },
  );
  const lineWrite = db.transaction(
    (id: string, owner: string, toolId: string, now: string, write: () => number) => {
      if (!getOwned(id, owner)) return false;
      if (write() !== 1) return false;
      touch.run(now, id, owner);
      return true;
    },
  );

  return {
    async listByOwner(ownerEmail) {
      return (byOwner.all(ownerEmail.toLowerCase()) as (ListRow & { line_count: number })[]).map(
        toSummary,
      );
    },
    async get(id) {
      const row = getList.get(id) as ListRow | undefined;
      if (!row) return null;
      const lines = (getLines.all(id) as LineRow[]).map(toLine);
      const { lineCount: _count, ...list } = toSummary({ ...row, line_count: lines.length });
      return { ...list, lines } satisfies SavedListRecord;
    },
    async create({ ownerEmail, name, now }, { maxLists }) {
      const owner = ownerEmail.toLowerCase();
      const id = create(owner, name, now, maxLists);
      if (id === 'TOO_MANY_LISTS' || id === 'NAME_TAKEN') return id;
      return { _id: id, ownerEmail: owner, name, lines: [], createdAt: now, updatedAt: now };
    },
    async rename(id, ownerEmail, name, now) {
      return renameTx(id, ownerEmail.toLowerCase(), name, now);
    },
    async delete(id, ownerEmail) {
      return remove.run(id, ownerEmail.toLowerCase()).changes === 1;
    },
    async addLine(id, ownerEmail, line, now, limits) {
      return addLine(id, ownerEmail.toLowerCase(), line, now, limits);
    },
    async setLine(id, ownerEmail, toolId, quantity, now) {
      return lineWrite(
        id,
        ownerEmail.toLowerCase(),
        toolId,
        now,
        () => setQuantity.run(quantity, id, toolId).changes,
      );
    },
    async setSharing(id, ownerEmail, companyId, now) {
      return share.run(companyId, now, id, ownerEmail.toLowerCase()).changes === 1;
    },
    async listSharedWith(companyId, exceptEmail) {
      return (
        sharedWith.all(companyId, exceptEmail.toLowerCase()) as (ListRow & {
          line_count: number;
        })[]
      ).map(toSummary);
    },
    async removeLine(id, ownerEmail, toolId, now) {
      return lineWrite(
        id,
        ownerEmail.toLowerCase(),
        toolId,
        now,
        () => removeLine.run(id, toolId).changes,
      );
    },
  };
}
