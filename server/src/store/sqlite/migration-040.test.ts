import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';

// Migration 040 (issue 52): companies from before e-invoice settings send Factur-X, with no
// buyer reference, and the columns refuse what the contract would.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when a shop from before e-invoice settings is migrated, then its companies are Factur-X with no buyer reference', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m040-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version < 40),
  );
  db.exec(`INSERT INTO companies (id, name, vat_id, billing_address, delivery_addresses,
    payment_terms, credit_limit_cents, created_at, updated_at) VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1',
    'Old GmbH', 'DE811907980', 'Berlin', '[]', 'none', 0, '2025-01-01T00:00:00.000Z',
    '2025-01-01T00:00:00.000Z');`);
  db.close();
  const store = openSqliteStore(file);
  try {
    const company = await store.companies.get('aaaaaaaaaaaaaaaaaaaaaaa1');
    expect(company?.eInvoiceFormat).toBe('facturx');
    expect(company).not.toHaveProperty('buyerReference');
  } finally {
    await store.close();
  }
  const raw = new Database(file);
  try {
    const set = (column: string, value: string) => () =>
      raw.prepare(`UPDATE companies SET ${column} = ?`).run(value);
    expect(set('e_invoice_format', 'zugferd')).toThrow(/CHECK constraint/);
    expect(set('buyer_reference', 'x'.repeat(101))).toThrow(/CHECK constraint/);
    expect(set('buyer_reference', '')).toThrow(/CHECK constraint/);
  } finally {
    raw.close();
  }
});
