import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';

// Migration 037 (issue 51): companies from before VIES checks are all due one at once.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when a shop from before VAT checks is migrated, then its companies are pending and due now', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m037-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version < 37),
  );
  db.exec(`INSERT INTO companies (id, name, vat_id, billing_address, delivery_addresses,
    payment_terms, credit_limit_cents, created_at, updated_at) VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1',
    'Old GmbH', 'DE811907980', 'Berlin', '[]', 'none', 0, '2025-01-01T00:00:00.000Z',
    '2025-01-01T00:00:00.000Z');`);
  db.close();
  const before = new Date().toISOString();
  const store = openSqliteStore(file);
  try {
    const company = await store.companies.get('aaaaaaaaaaaaaaaaaaaaaaa1');
    expect(company).toMatchObject({ vatStatus: 'pending', vatCheckAttempts: 0 });
    expect(company!.vatCheckDueAt! >= before.slice(0, 19)).toBe(true);
    const claimed = await store.companies.claimVatChecks('w', '2999-01-01T00:00:00.000Z', 1, 5);
    expect(claimed.map((c) => c._id)).toEqual(['aaaaaaaaaaaaaaaaaaaaaaa1']);
  } finally {
    await store.close();
  }
});
