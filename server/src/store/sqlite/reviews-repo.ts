import type Database from 'better-sqlite3';
import type { ReviewInput, ReviewListQuery, ReviewRecord, ReviewsRepo } from '../store.js';
import { newObjectId } from '../object-id.js';
import { verifyingOrderCheck } from './review-verification.js';

interface ReviewRow {
  id: string;
  review: string;
  ratings: number;
  author_email: string;
  author_name: string;
  tool_id: string | null;
  verified: number;
  hidden: number;
  created_at: string;
}

function toReviewRecord(row: ReviewRow): ReviewRecord {
  return {
    _id: row.id,
    review: row.review,
    ratings: row.ratings,
    authorEmail: row.author_email,
    authorName: row.author_name,
    ...(row.tool_id ? { toolId: row.tool_id } : {}),
    verified: row.verified === 1,
    hidden: row.hidden === 1,
    createdAt: row.created_at,
  };
}

export function sqliteReviewsRepo(db: Database.Database): ReviewsRepo {
  const listVisible = db.prepare('SELECT * FROM reviews WHERE hidden = 0 ORDER BY id DESC');
  const listAll = db.prepare('SELECT * FROM reviews ORDER BY id DESC');
  const listTool = db.prepare(
    'SELECT * FROM reviews WHERE tool_id = ? AND hidden = 0 ORDER BY id DESC',
  );
  const listToolAll = db.prepare('SELECT * FROM reviews WHERE tool_id = ? ORDER BY id DESC');
  const getOne = db.prepare('SELECT * FROM reviews WHERE id = ?');
  const countAll = db.prepare('SELECT count(*) FROM reviews').pluck();
  const insert = db.prepare(`INSERT INTO reviews (id, review, ratings, author_email, author_name,
    tool_id, verified, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const hide = db.prepare('UPDATE reviews SET hidden = ? WHERE id = ? AND hidden <> ?');
  const addRating = db.prepare(`UPDATE tools SET rating_sum = rating_sum + ?,
    rating_count = rating_count + ? WHERE id = ?`);
  // Any line of a kept order of theirs: many-line orders count too.
  const verifies = verifyingOrderCheck(db);
  const existing = db
    .prepare('SELECT 1 FROM reviews WHERE author_email = ? AND tool_id = ?')
    .pluck();

  const createSync = db.transaction((input: ReviewInput): ReviewRecord | 'DUPLICATE' => {
    const email = input.authorEmail.toLowerCase();
    if (input.toolId && existing.get(email, input.toolId)) return 'DUPLICATE';
    // Judged again here, in the write: a refund committed since the caller's check counts.
    const verified = Boolean(input.toolId && input.verified && verifies(email, input.toolId));
    const row = insert.get(
      newObjectId(),
      input.review,
      input.ratings,
      email,
      input.authorName,
      input.toolId ?? null,
      verified ? 1 : 0,
      new Date().toISOString(),
    ) as ReviewRow;
    if (row.tool_id && verified) addRating.run(row.ratings, 1, row.tool_id);
    return toReviewRecord(row);
  });
  const insertAll = db.transaction((inputs: ReviewInput[]) => {
    let created = 0;
    for (const input of inputs) if (createSync(input) !== 'DUPLICATE') created += 1;
    return created;
  });
  const setHiddenSync = db.transaction((id: string, hidden: boolean) => {
    const flag = hidden ? 1 : 0;
    if (hide.run(flag, id, flag).changes) {
      const row = getOne.get(id) as ReviewRow;
      const sign = hidden ? -1 : 1;
      // Only verified reviews are in the rating (see review-verification.ts).
      if (row.tool_id && row.verified) addRating.run(sign * row.ratings, sign, row.tool_id);
    }
    const row = getOne.get(id) as ReviewRow | undefined;
    return row ? toReviewRecord(row) : null;
  });

  const rows = ({ toolId, includeHidden }: ReviewListQuery) => {
    if (toolId) return (includeHidden ? listToolAll : listTool).all(toolId);
    return (includeHidden ? listAll : listVisible).all();
  };

  return {
    async list(query = {}) {
      return (rows(query) as ReviewRow[]).map(toReviewRecord);
    },
    async get(id) {
      const row = getOne.get(id) as ReviewRow | undefined;
      return row ? toReviewRecord(row) : null;
    },
    async create(input) {
      return createSync(input);
    },
    async setHidden(id, hidden) {
      return setHiddenSync(id, hidden);
    },
    async hasPaidOrderFor(email, toolId) {
      return verifies(email.toLowerCase(), toolId);
    },
    async insertMany(inputs) {
      return insertAll(inputs);
    },
    async count() {
      return countAll.get() as number;
    },
  };
}
