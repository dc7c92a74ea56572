import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPragmas, openSqliteStore } from './sqlite-store.js';
import {
  FALLBACK_AUTOCHECKPOINT,
  startCheckpointer,
  type CheckpointResult,
} from './checkpointer.js';

let dir: string;
let file: string;
let db: Database.Database;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-checkpoint-'));
  file = path.join(dir, 'shop.db');
  db = new Database(file);
  applyPragmas(db);
  db.exec('CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  db.pragma('wal_checkpoint(TRUNCATE)'); // the table is in the database file, the WAL empty
});
afterEach(async () => {
  if (db.open) db.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const autocheckpoint = () => db.pragma('wal_autocheckpoint', { simple: true });
const writeNotes = (count: number) => {
  const insert = db.prepare('INSERT INTO note (body) VALUES (?)');
  for (let i = 0; i < count; i++) insert.run(`note ${i} `.padEnd(4000, '.'));
};

describe('the checkpointer (WAL checkpoints off the event loop)', () => {
  it('when pages are committed, then a worker copies them into the database file, not the connection', async () => {
    /** The notes in the database file alone, without the WAL beside it. */
    const notesInFile = async () => {
      const copy = path.join(dir, 'copy.db');
      await fs.copyFile(file, copy);
      const alone = new Database(copy, { readonly: true });
      const count = alone.prepare('SELECT count(*) FROM note').pluck().get();
      alone.close();
      return count;
    };
    db.pragma('wal_autocheckpoint = 0');
    writeNotes(300); // about 300 pages, each note its own commit
    expect(await notesInFile()).toBe(0);

    const results: CheckpointResult[] = [];
    let caughtUp!: () => void;
    const done = new Promise<void>((resolve) => (caughtUp = resolve));
    const checkpointer = startCheckpointer(db, {
      intervalMs: 10,
      onCheckpoint: (result) => {
        results.push(result);
        if (result.checkpointed === result.log) caughtUp();
      },
    });
    // Meanwhile the connection would checkpoint only past 40,000 pages.
    expect(autocheckpoint()).toBe(FALLBACK_AUTOCHECKPOINT);
    await done;
    expect(results.at(-1)!.log).toBeGreaterThanOrEqual(300);
    expect(await notesInFile()).toBe(300);

    await checkpointer.close();
    expect(autocheckpoint()).toBe(1000); // SQLite's default again
  });

  it('when the worker cannot run, then the connection checkpoints for itself again and the failure is told', async () => {
    // The worker opens the file by its name; gone from there, it fails to start.
    await fs.rename(file, path.join(dir, 'moved.db'));
    let told!: (error: unknown) => void;
    const failed = new Promise<unknown>((resolve) => (told = resolve));
    const checkpointer = startCheckpointer(db, { onError: told });
    expect(await failed).toMatchObject({
      code: 'SQLITE_CANTOPEN',
      message: expect.stringMatching(/^cannot open .*shop\.db: unable to open/),
    });
    await checkpointer.close();
    expect(autocheckpoint()).toBe(1000);
    writeNotes(3); // the connection still works
    expect(db.prepare('SELECT count(*) FROM note').pluck().get()).toBe(3);
  });

  it('when the store closes, then its connection is the last one and the WAL is gone', async () => {
    db.close();
    const store = openSqliteStore(file);
    await store.users.upsert('last@example.com', 'Last One');
    await store.close();
    await expect(fs.access(`${file}-wal`)).rejects.toThrow();
    const reopened = new Database(file, { readonly: true });
    expect(reopened.prepare('SELECT count(*) FROM users').pluck().get()).toBe(1);
    reopened.close();
  });
});
