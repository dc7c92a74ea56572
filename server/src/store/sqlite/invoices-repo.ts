import type Database from 'better-sqlite3';
import {
  formatCreditNoteNumber,
  formatInvoiceNumber,
  type CreditNoteRecord,
  type CreditNotesRepo,
  type InvoiceRecord,
  type InvoiceSnapshot,
  type InvoicesRepo,
} from '../store.js';

interface InvoiceRow {
  order_id: string;
  number: string;
  year: number;
  seq: number;
  paid_at: string;
  issued_at: string;
  snapshot: string | null;
}

interface CreditNoteRow {
  order_id: string;
  refund_id: string | null;
  number: string;
  year: number;
  seq: number;
  issued_at: string;
  snapshot: string;
}

const toInvoice = (row: InvoiceRow): InvoiceRecord => ({
  orderId: row.order_id,
  number: row.number,
  year: row.year,
  seq: row.seq,
  paidAt: row.paid_at,
  issuedAt: row.issued_at,
  ...(row.snapshot !== null && { snapshot: JSON.parse(row.snapshot) as InvoiceSnapshot }),
});

const toCreditNote = (row: CreditNoteRow): CreditNoteRecord => ({
  orderId: row.order_id,
  number: row.number,
  year: row.year,
  seq: row.seq,
  issuedAt: row.issued_at,
  snapshot: JSON.parse(row.snapshot) as CreditNoteRecord['snapshot'],
  ...(row.refund_id !== null && { refundId: row.refund_id }),
});

export function sqliteInvoicesRepo(
  db: Database.Database,
  terms: Pick<InvoicesRepo, 'listOnTerms' | 'getOnTerms' | 'recordPayment' | 'sendReminders'>,
): InvoicesRepo {
  const get = db.prepare('SELECT * FROM invoices WHERE order_id = ?');
  const bump = db.prepare(`INSERT INTO invoice_counters (year, last_seq) VALUES (?, 1)
    ON CONFLICT (year) DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq`);
  const insert = db.prepare(`INSERT INTO invoices
    (order_id, number, year, seq, paid_at, issued_at, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const freeze = db.prepare(
    'UPDATE invoices SET snapshot = ? WHERE order_id = ? AND snapshot IS NULL RETURNING *',
  );
  // The counter and the invoice (with its snapshot) commit together or not at all, so the
  // sequence has no gaps; IMMEDIATE takes the write lock before the "already invoiced?" read, so
  // two processes cannot both number the same order.
  const assign = db.transaction(
    (orderId: string, paidAt: string, snapshot: string, issuedAt: string): InvoiceRow => {
      const existing = get.get(orderId) as InvoiceRow | undefined;
      if (existing) {
        if (existing.snapshot !== null) return existing;
        return freeze.get(snapshot, orderId) as InvoiceRow;
      }
      const year = new Date(paidAt).getUTCFullYear();
      const seq = bump.pluck().get(year) as number;
      const row: InvoiceRow = {
        order_id: orderId,
        number: formatInvoiceNumber(year, seq),
        year,
        seq,
        paid_at: paidAt,
        issued_at: issuedAt,
        snapshot,
      };
      insert.run(row.order_id, row.number, row.year, row.seq, row.paid_at, row.issued_at, snapshot);
      return row;
    },
  );
  return {
    ...terms,
    async assign(orderId, paidAt, snapshot, issuedAt) {
      return toInvoice(assign.immediate(orderId, paidAt, JSON.stringify(snapshot), issuedAt));
    },
    async get(orderId) {
      const row = get.get(orderId) as InvoiceRow | undefined;
      return row ? toInvoice(row) : null;
    },
  };
}

export function sqliteCreditNotesRepo(db: Database.Database): CreditNotesRepo {
  const latest = db.prepare(
    'SELECT * FROM credit_notes WHERE order_id = ? ORDER BY year DESC, seq DESC LIMIT 1',
  );
  const ofOrder = db.prepare('SELECT * FROM credit_notes WHERE order_id = ? ORDER BY year, seq');
  const ofRefund = db.prepare('SELECT * FROM credit_notes WHERE refund_id = ?');
  const wholeOrder = db.prepare(
    'SELECT * FROM credit_notes WHERE order_id = ? AND refund_id IS NULL',
  );
  const byNumber = db.prepare('SELECT * FROM credit_notes WHERE number = ?');
  const bump = db.prepare(`INSERT INTO credit_note_counters (year, last_seq) VALUES (?, 1)
    ON CONFLICT (year) DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq`);
  const insert = db.prepare(`INSERT INTO credit_notes
    (order_id, refund_id, number, year, seq, issued_at, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  // As invoices: counter and note in one IMMEDIATE transaction, one note per refund (or, for a
  // whole refund from before issue 53, per order).
  const issue = db.transaction(
    (
      orderId: string,
      refundId: string | null,
      refundedAt: string,
      snapshot: string,
      issuedAt: string,
    ) => {
      const existing = (refundId === null ? wholeOrder.get(orderId) : ofRefund.get(refundId)) as
        CreditNoteRow | undefined;
      if (existing) return existing;
      const year = new Date(refundedAt).getUTCFullYear();
      const seq = bump.pluck().get(year) as number;
      const row: CreditNoteRow = {
        order_id: orderId,
        refund_id: refundId,
        number: formatCreditNoteNumber(year, seq),
        year,
        seq,
        issued_at: issuedAt,
        snapshot,
      };
      insert.run(
        row.order_id,
        row.refund_id,
        row.number,
        row.year,
        row.seq,
        row.issued_at,
        snapshot,
      );
      return row;
    },
  );
  return {
    async issue(orderId, snapshot, issuedAt, refundId) {
      return toCreditNote(
        issue.immediate(
          orderId,
          refundId ?? null,
          snapshot.refundedAt,
          JSON.stringify(snapshot),
          issuedAt,
        ),
      );
    },
    async get(orderId) {
      const row = latest.get(orderId) as CreditNoteRow | undefined;
      return row ? toCreditNote(row) : null;
    },
    async listByOrder(orderId) {
      return (ofOrder.all(orderId) as CreditNoteRow[]).map(toCreditNote);
    },
    async getByNumber(number) {
      const row = byNumber.get(number) as CreditNoteRow | undefined;
      return row ? toCreditNote(row) : null;
    },
  };
}
