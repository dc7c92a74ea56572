import type Database from 'better-sqlite3';
import { OPEN_STATUSES } from '../../domain/order-status.js';
import { balanceOf, remindersDue, termsCheck, type ReminderStage } from '../../domain/terms.js';
import {
  formatInvoiceNumber,
  type CompanyRecord,
  type CompanyRole,
  type InvoicePaymentRecord,
  type InvoiceRecord,
  type InvoiceSnapshot,
  type InvoiceTerms,
  type InvoicesRepo,
  type OrderRecord,
  type PayOnInvoice,
  type TermsInvoiceRecord,
  type TermsRefusal,
} from '../store.js';
import { newObjectId } from '../object-id.js';
import { sqlStatuses } from './order-rows.js';
import { outboxInserter } from './outbox-repo.js';
import { termsInvoiceSnapshot } from '../../domain/invoice-snapshot.js';
import { invoiceReminderMail } from '../../domain/invoice-reminder.js';

interface TermsRow {
  order_id: string;
  number: string;
  year: number;
  seq: number;
  paid_at: string;
  issued_at: string;
  snapshot: string;
  company_id: string;
  payment_terms: InvoiceTerms['paymentTerms'];
  due_date: string;
  total_cents: number;
  paid_cents: number;
  credited_cents: number;
}

interface PaymentRow {
  id: string;
  invoice_number: string;
  amount_cents: number;
  method: InvoicePaymentRecord['method'];
  reference: string;
  received_on: string;
  recorded_at: string;
  recorded_by: string;
}

const toPayment = (row: PaymentRow): InvoicePaymentRecord => ({
  _id: row.id,
  amountCents: row.amount_cents,
  method: row.method,
  reference: row.reference,
  receivedOn: row.received_on,
  recordedAt: row.recorded_at,
  recordedBy: row.recorded_by,
});

const PAID_SUM = `coalesce((SELECT sum(p.amount_cents) FROM invoice_payments p
  WHERE p.invoice_number = i.number), 0)`;
// Issue 53: credits against the invoice lower what is owed, as payments do.
const CREDIT_SUM = `coalesce((SELECT sum(r.amount_cents) FROM refunds r
  WHERE r.order_id = i.order_id AND r.method = 'credit'), 0)`;

/**
 * Invoices on payment terms: issuing one with its order's confirmation (credit limit and
 * membership judged in the caller's transaction), payments against them and reminders.
 */
export function sqliteTermsInvoices(db: Database.Database) {
  const membership = db.prepare(`SELECT c.payment_terms AS paymentTerms,
    c.credit_limit_cents AS creditLimitCents FROM company_members m JOIN companies c ON c.id = m.company_id
    WHERE m.email = ? AND m.company_id = ?`);
  const owed = db
    .prepare(
      `SELECT coalesce(sum(i.total_cents - ${PAID_SUM} - ${CREDIT_SUM}), 0) FROM invoices i
    WHERE i.company_id = ?`,
    )
    .pluck();
  const bump = db.prepare(`INSERT INTO invoice_counters (year, last_seq) VALUES (?, 1)
    ON CONFLICT (year) DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq`);
  const insert = db.prepare(`INSERT INTO invoices (order_id, number, year, seq, paid_at,
    issued_at, snapshot, company_id, payment_terms, due_date, total_cents)
    VALUES (@orderId, @number, @year, @seq, @issuedAt, @issuedAt, @snapshot, @companyId,
    @paymentTerms, @dueDate, @totalCents)`);
  const confirm = db.prepare(`UPDATE orders SET status = 'confirmed', payment_method = 'invoice',
    expires_at = NULL WHERE id = ? AND status IN ${sqlStatuses(OPEN_STATUSES)}`);
  const select = `SELECT i.*, ${PAID_SUM} AS paid_cents, ${CREDIT_SUM} AS credited_cents
    FROM invoices i`;
  const byNumber = db.prepare(`${select} WHERE i.number = ? AND i.company_id IS NOT NULL`);
  const all = db.prepare(`${select} WHERE i.company_id IS NOT NULL ORDER BY i.due_date, i.seq`);
  const ofCompany = db.prepare(`${select} WHERE i.company_id = ? ORDER BY i.due_date, i.seq`);
  const paymentsOf = db.prepare(
    'SELECT * FROM invoice_payments WHERE invoice_number = ? ORDER BY received_on, recorded_at',
  );
  const insertPayment = db.prepare(`INSERT INTO invoice_payments (id, invoice_number,
    amount_cents, method, reference, received_on, recorded_at, recorded_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const markPaid = db.prepare(`UPDATE orders SET is_paid = 1, paid_at = @paidAt,
    transaction_id = coalesce(transaction_id, @reference),
    status = CASE WHEN status = 'confirmed' THEN 'paid' ELSE status END
    WHERE id = @id AND payment_method = 'invoice'`);
  const unpaidDue = db.prepare(`${select} WHERE i.company_id IS NOT NULL AND i.due_date <= ?
    AND i.total_cents > ${PAID_SUM} + ${CREDIT_SUM}`);
  const sentStages = db
    .prepare('SELECT stage FROM invoice_reminders WHERE invoice_number = ?')
    .pluck();
  const claim = db.prepare(`INSERT INTO invoice_reminders (invoice_number, stage, sent_at)
    VALUES (?, ?, ?)`);
  const membersOf = db.prepare('SELECT email, role FROM company_members WHERE company_id = ?');
  const addToOutbox = outboxInserter(db);

  const toTerms = (row: TermsRow): TermsInvoiceRecord => ({
    orderId: row.order_id,
    number: row.number,
    year: row.year,
    seq: row.seq,
    paidAt: row.paid_at,
    issuedAt: row.issued_at,
    snapshot: JSON.parse(row.snapshot) as InvoiceSnapshot,
    companyId: row.company_id,
    paymentTerms: row.payment_terms,
    dueDate: row.due_date,
    totalCents: row.total_cents,
    paidCents: row.paid_cents,
    ...(row.credited_cents > 0 && { creditedCents: row.credited_cents }),
    payments: (paymentsOf.all(row.number) as PaymentRow[]).map(toPayment),
  });
  const getSync = (number: string) => {
    const row = byNumber.get(number) as TermsRow | undefined;
    return row ? toTerms(row) : null;
  };

  /**
   * Confirms `order` (unpaid or awaiting approval, its stock already held) on its company's
   * terms and issues its invoice. Runs inside the caller's write transaction: the membership,
   * the terms and the company's unpaid balance are read under the same lock as the writes.
   * Leaves the caller to roll back on a refusal.
   */
  function confirmSync(
    order: OrderRecord,
    payOnInvoice: PayOnInvoice,
  ): TermsRefusal | { ok: true; invoice: InvoiceRecord; order: OrderRecord } | null {
    const company = membership.get(order.userEmail, payOnInvoice.companyId) as
      Pick<CompanyRecord, 'paymentTerms' | 'creditLimitCents'> | undefined;
    const check = termsCheck({
      company: company ?? null,
      owedCents: owed.get(payOnInvoice.companyId) as number,
      orderCents: order.priceCents,
      now: payOnInvoice.now,
    });
    if (!check.ok) return check;
    if (confirm.run(order._id).changes === 0) return null;
    const { terms } = check;
    const confirmed: OrderRecord = {
      ...order,
      status: 'confirmed',
      paymentMethod: 'invoice',
      isPaid: false,
    };
    delete confirmed.expiresAt;
    const snapshot = termsInvoiceSnapshot(confirmed, terms, payOnInvoice.parties, payOnInvoice.now);
    const { now } = payOnInvoice;
    const year = new Date(now).getUTCFullYear();
    const seq = bump.pluck().get(year) as number;
    const invoice: InvoiceRecord = {
      orderId: order._id,
      number: formatInvoiceNumber(year, seq),
      year,
      seq,
      paidAt: now,
      issuedAt: now,
      snapshot,
    };
    insert.run({
      orderId: order._id,
      number: invoice.number,
      year,
      seq,
      issuedAt: now,
      snapshot: JSON.stringify(snapshot),
      companyId: payOnInvoice.companyId,
      paymentTerms: terms.paymentTerms,
      dueDate: terms.dueDate,
      totalCents: order.priceCents,
    });
    return { ok: true, invoice, order: confirmed };
  }

  const recordTx = db.transaction(
    (number: string, payment: Parameters<InvoicesRepo['recordPayment']>[1]) => {
      const invoice = getSync(number);
      if (!invoice) return { outcome: 'NOT_FOUND' as const };
      // The browser and the webhook both report a card payment: it is recorded once.
      if (
        payment.method === 'card' &&
        invoice.payments.some((p) => p.method === 'card' && p.reference === payment.reference)
      )
        return { outcome: 'ALREADY_RECORDED' as const, invoice };
      const balanceCents = balanceOf(invoice);
      if (payment.amountCents > balanceCents)
        return { outcome: 'OVER_BALANCE' as const, balanceCents };
      insertPayment.run(
        newObjectId(),
        number,
        payment.amountCents,
        payment.method,
        payment.reference,
        payment.receivedOn,
        payment.recordedAt,
        payment.recordedBy,
      );
      if (payment.amountCents === balanceCents)
        markPaid.run({
          id: invoice.orderId,
          paidAt: payment.recordedAt,
          reference: payment.reference,
        });
      return { outcome: 'RECORDED' as const, invoice: getSync(number) as TermsInvoiceRecord };
    },
  );

  const remindTx = db.transaction((today: string, now: string) => {
    let mailed = 0;
    for (const row of unpaidDue.all(today) as TermsRow[]) {
      const sent = sentStages.all(row.number) as ReminderStage[];
      const due = remindersDue(row.due_date, today, sent);
      for (const stage of due.record) claim.run(row.number, stage, now);
      if (due.mail === null) continue;
      const members = membersOf.all(row.company_id) as { email: string; role: CompanyRole }[];
      for (const message of invoiceReminderMail(toTerms(row), due.mail, today, members))
        addToOutbox(message, now);
      mailed += 1;
    }
    return mailed;
  });

  const repo: Pick<InvoicesRepo, 'listOnTerms' | 'getOnTerms' | 'recordPayment' | 'sendReminders'> =
    {
      async listOnTerms({ companyId }) {
        const rows = (companyId ? ofCompany.all(companyId) : all.all()) as TermsRow[];
        return rows.map(toTerms);
      },
      async getOnTerms(number) {
        return getSync(number);
      },
      async recordPayment(number, payment) {
        return recordTx.immediate(number, payment);
      },
      async sendReminders(today, now) {
        return remindTx.immediate(today, now);
      },
    };
  return { confirmSync, repo };
}
