import type Database from 'better-sqlite3';
import { formatInvoiceNumber, type InvoiceRecord, type InvoicesRepo } from '../store.js';

interface InvoiceRow {
  order_id: string;
  number: string;
  year: number;
  seq: number;
  paid_at: string;
  issued_at: string;
}

const toInvoice = (row: InvoiceRow): InvoiceRecord => ({
  orderId: row.order_id,
  number: row.number,
  year: row.year,
  seq: row.seq,
  paidAt: row.paid_at,
  issuedAt: row.issued_at,
});

export function sqliteInvoicesRepo(db: Database.Database): InvoicesRepo {
  const get = db.prepare('SELECT * FROM invoices WHERE order_id = ?');
  const bump = db.prepare(`INSERT INTO invoice_counters (year, last_seq) VALUES (?, 1)
    ON CONFLICT (year) DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq`);
  const insert = db.prepare(`INSERT INTO invoices (order_id, number, year, seq, paid_at, issued_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  // The counter and the invoice commit together or not at all, so the sequence has no gaps;
  // IMMEDIATE takes the write lock before the "already invoiced?" read, so two processes cannot
  // both number the same order.
  const assign = db.transaction((orderId: string, paidAt: string): InvoiceRow => {
    const existing = get.get(orderId) as InvoiceRow | undefined;
    if (existing) return existing;
    const year = new Date(paidAt).getUTCFullYear();
    const seq = bump.pluck().get(year) as number;
    const row: InvoiceRow = {
      order_id: orderId,
      number: formatInvoiceNumber(year, seq),
      year,
      seq,
      paid_at: paidAt,
      issued_at: new Date().toISOString(),
    };
    insert.run(row.order_id, row.number, row.year, row.seq, row.paid_at, row.issued_at);
    return row;
  });
  return {
    async assign(orderId, paidAt) {
      return toInvoice(assign.immediate(orderId, paidAt));
    },
    async get(orderId) {
      const row = get.get(orderId) as InvoiceRow | undefined;
      return row ? toInvoice(row) : null;
    },
  };
}
