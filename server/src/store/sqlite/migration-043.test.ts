import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';

// Migration 043 (issue 53): credit notes keyed by number, many per order; those issued before
// keep their number and order, and the sequence goes on after them.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when a shop with a credit note from before partial refunds is migrated, then it reads as before and the next is numbered after it', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m043-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version < 43),
  );
  const snapshot = JSON.stringify({
    totalCents: 1000,
    invoiceNumber: 'INV-2026-000001',
    refundedAt: '2026-05-01T00:00:00.000Z',
  });
  db.exec(`INSERT INTO credit_note_counters (year, last_seq) VALUES (2026, 1);
    INSERT INTO credit_notes (order_id, number, year, seq, issued_at, snapshot)
    VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'CN-2026-000001', 2026, 1, '2026-05-01T00:00:00.000Z', '${snapshot}');`);
  db.close();
  const store = openSqliteStore(file);
  try {
    const old = await store.creditNotes.get('aaaaaaaaaaaaaaaaaaaaaaa1');
    expect(old).toMatchObject({ number: 'CN-2026-000001', seq: 1 });
    expect(old).not.toHaveProperty('refundId');
    const { refundId: _r, ...oldSnapshot } = { ...old!.snapshot, refundId: undefined };
    // The whole refund's note is issued once: asking again answers it.
    expect(
      await store.creditNotes.issue(
        'aaaaaaaaaaaaaaaaaaaaaaa1',
        oldSnapshot,
        '2026-06-01T00:00:00.000Z',
      ),
    ).toEqual(old);
    const next = await store.creditNotes.issue(
      'aaaaaaaaaaaaaaaaaaaaaaa1',
      { ...oldSnapshot, refundedAt: '2026-06-01T00:00:00.000Z' },
      '2026-06-01T00:00:00.000Z',
      'bbbbbbbbbbbbbbbbbbbbbbb1',
    );
    expect(next).toMatchObject({ number: 'CN-2026-000002', refundId: 'bbbbbbbbbbbbbbbbbbbbbbb1' });
    expect(
      (await store.creditNotes.listByOrder('aaaaaaaaaaaaaaaaaaaaaaa1')).map((n) => n.number),
    ).toEqual(['CN-2026-000001', 'CN-2026-000002']);
  } finally {
    await store.close();
  }
});
