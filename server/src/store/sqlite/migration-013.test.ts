import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createInvoiceService } from '../../modules/invoices/invoice-service.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { openSqliteStore } from './sqlite-store.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when an invoice issued before migration 013 (no snapshot) is read, then it keeps its number, is frozen once and never changes after', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m013-'));
  const file = path.join(dir, 'shop.db');
  const store = openSqliteStore(file);
  try {
    const tool = await store.tools.create(
      buildTool({ name: 'Old Saw', priceCents: 2500, minimumOrderQuantity: 1 }),
    );
    const placed = await store.orders.place(buildOrderInput(tool._id, { quantity: 4 }));
    if (!placed.ok) throw new Error(placed.reason);
    const paid = (await store.orders.markPaid(placed.order._id, 'pi_old'))!.order;
    // As 006 wrote it, with the column 013 added left NULL.
    const raw = new Database(file);
    raw
      .prepare(
        `INSERT INTO invoices (order_id, number, year, seq, paid_at, issued_at)
         VALUES (?, 'INV-2025-000007', 2025, 7, '2025-12-30T10:00:00.000Z', '2025-12-30T10:00:01.000Z')`,
      )
      .run(paid._id);
    raw.close();
    const profile = {
      name: 'Old Buyer',
      email_address: paid.userEmail,
      LinkedIn_profile_link: '',
      country: 'USA',
      street_address: '1 Old Road',
      city: 'Dayton',
      state: 'OH',
      postal_code: '45402',
      phone: '',
      company_name: 'Old Co',
      vat_id: '',
      delivery_address: '',
    };
    await store.profiles.upsert(profile);
    expect((await store.invoices.get(paid._id))?.snapshot).toBeUndefined();

    const invoices = createInvoiceService({ store, config: loadConfig(process.env) });
    const first = await invoices.invoicePdf(paid);
    expect(first?.number).toBe('INV-2025-000007');
    const frozen = await store.invoices.get(paid._id);
    expect(frozen).toMatchObject({ number: 'INV-2025-000007', seq: 7 });
    expect(frozen?.snapshot?.buyer).toMatchObject({ company: 'Old Co' });
    expect(frozen?.snapshot?.paidAt).toBe('2025-12-30T10:00:00.000Z');

    await store.profiles.upsert({ ...profile, company_name: 'New Co' });
    await invoices.invoicePdf(paid);
    expect(await store.invoices.get(paid._id)).toEqual(frozen);
  } finally {
    await store.close();
  }
});
