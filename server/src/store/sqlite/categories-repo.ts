import type Database from 'better-sqlite3';
import type { CategoriesRepo, CategoryCount, CategoryRecord } from '../store.js';
import { skuPrefixProbe } from './search.js';
import { categoryCountSql } from './tool-list-sql.js';

export function sqliteCategoriesRepo(db: Database.Database): CategoriesRepo {
  const getOne = db.prepare('SELECT slug, name FROM categories WHERE slug = ?');
  const insert = db.prepare(`INSERT INTO categories (slug, name, name_folded, created_at)
    VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`);
  const statements = new Map<string, Database.Statement>();
  const skuKnown = skuPrefixProbe(db);

  return {
    async listWithCounts(filter) {
      const { sql, params } = categoryCountSql(filter, skuKnown);
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement.all(...params) as CategoryCount[];
    },
    async get(slug) {
      return (getOne.get(slug) as CategoryRecord | undefined) ?? null;
    },
    async create({ slug, name }) {
      // Both the slug and the case-folded name are unique: one statement decides, no race.
      const { changes } = insert.run(slug, name, name.toLowerCase(), new Date().toISOString());
      return changes ? { slug, name } : 'DUPLICATE';
    },
  };
}
