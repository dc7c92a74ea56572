import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { RULES_FOR_PRICING } from './price-lists-repo.js';

describe('price list rules for pricing', () => {
  it('when rules are read for some SKUs, then both halves search the (list, SKU key) index', () => {
    const db = new Database(':memory:');
    migrate(db);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${RULES_FOR_PRICING}`)
      .all({ list: 'a', keys: '["A-1"]' }) as { detail: string }[];
    const searches = plan.filter((step) => step.detail.includes('price_list_rules'));
    expect(searches.map((step) => step.detail)).toEqual([
      'SEARCH price_list_rules USING INDEX price_list_rules_sku (list_id=? AND sku_key=?)',
      'SEARCH price_list_rules USING INDEX price_list_rules_sku (list_id=? AND sku_key=?)',
    ]);
    db.close();
  });
});
