import type Database from 'better-sqlite3';
import type { ReviewInput, ReviewRecord, ReviewsRepo } from '../store.js';
import { newObjectId } from '../object-id.js';

interface ReviewRow {
  id: string;
  review: string;
  ratings: number;
  author_email: string;
  author_name: string;
  created_at: string;
}

function toReviewRecord(row: ReviewRow): ReviewRecord {
  return {
    _id: row.id,
    review: row.review,
    ratings: row.ratings,
    authorEmail: row.author_email,
    authorName: row.author_name,
    createdAt: row.created_at,
  };
}

export function sqliteReviewsRepo(db: Database.Database): ReviewsRepo {
  const listAll = db.prepare('SELECT * FROM reviews ORDER BY id DESC');
  const countAll = db.prepare('SELECT count(*) FROM reviews').pluck();
  const insert = db.prepare(`INSERT INTO reviews (id, review, ratings, author_email, author_name,
    created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *`);

  const createSync = (input: ReviewInput) =>
    toReviewRecord(
      insert.get(
        newObjectId(),
        input.review,
        input.ratings,
        input.authorEmail.toLowerCase(),
        input.authorName,
        new Date().toISOString(),
      ) as ReviewRow,
    );
  const insertAll = db.transaction((inputs: ReviewInput[]) => {
    for (const input of inputs) createSync(input);
    return inputs.length;
  });

  return {
    async list() {
      return (listAll.all() as ReviewRow[]).map(toReviewRecord);
    },
    async create(input) {
      return createSync(input);
    },
    async insertMany(inputs) {
      return insertAll(inputs);
    },
    async count() {
      return countAll.get() as number;
    },
  };
}
