import { formatCents } from '@toolworks/contract/format';
import { paysOnInvoice } from '@toolworks/contract/orders';
import type { z } from 'zod';
import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import type {
  ListInvoicesQuerySchema,
  RecordPaymentSchema,
  TermsInvoice,
} from '@toolworks/contract/invoices';
import { AppError } from '../../lib/app-error.js';
import { csvRow } from '../../lib/csv.js';
import { balanceOf, invoiceState } from '../../domain/terms.js';
import { formatUtcDay } from '../../mail/html.js';
import type { StatementLines } from './statement-pdf.js';
import type { Id, OrderRecord, Store, TermsInvoiceRecord, UserRecord } from '../../store/store.js';

type ListQuery = z.output<typeof ListInvoicesQuerySchema>;
type RecordPayment = z.output<typeof RecordPaymentSchema>;

const today = (now: Date) => now.toISOString().slice(0, 10);

export function toTermsInvoiceWire(invoice: TermsInvoiceRecord, day: string): TermsInvoice {
  return {
    number: invoice.number,
    orderId: invoice.orderId,
    orderNumber: invoice.snapshot?.orderNumber ?? '',
    companyId: invoice.companyId,
    companyName: invoice.snapshot?.buyer.company ?? '',
    issuedAt: invoice.issuedAt,
    paymentTerms: invoice.paymentTerms,
    dueDate: invoice.dueDate,
    total: centsToDollars(invoice.totalCents),
    paid: centsToDollars(invoice.paidCents),
    balance: centsToDollars(balanceOf(invoice)),
    ...(invoice.creditedCents && { credited: centsToDollars(invoice.creditedCents) }),
    state: invoiceState(invoice, day),
    payments: invoice.payments.map((p) => ({
      amount: centsToDollars(p.amountCents),
      method: p.method,
      reference: p.reference,
      receivedOn: p.receivedOn,
      recordedAt: p.recordedAt,
    })),
  };
}

/**
 * Invoices on payment terms: the shop admin's list and payments received, a company-admin's
 * own company's invoices, statements of account, the overdue figures and the reminder sweep.
 */
export function createTermsInvoicesService(deps: {
  store: Pick<Store, 'invoices' | 'companies' | 'refunds' | 'creditNotes'>;
  now: () => Date;
}) {
  const { store } = deps;
  const wire = (invoice: TermsInvoiceRecord) => toTermsInvoiceWire(invoice, today(deps.now()));

  /** The caller's company, when they are its company-admin (who sees its invoices). */
  async function ownCompany(caller: UserRecord) {
    const membership = await store.companies.membershipOf(caller.email);
    if (!membership) throw AppError.forbidden('You are not a member of a company');
    if (membership.member.role !== 'company-admin')
      throw AppError.forbidden("Only your company's admins see its invoices");
    return membership.company;
  }

  /** The statement's lines, oldest first, shared by the CSV and the PDF. */
  async function statementLines(companyId: Id): Promise<StatementLines> {
    const company = await store.companies.get(companyId);
    if (!company) throw AppError.notFound('Company not found');
    const invoices = await store.invoices.listOnTerms({ companyId });
    const day = today(deps.now());
    const rows: (string | number)[][] = [
      ['Date', 'Type', 'Document', 'Order', 'Due date', 'Reference', 'Debit', 'Credit', 'State'],
    ];
    type Entry = { date: string; row: (string | number)[] };
    const entries: Entry[] = [];
    let balanceCents = 0;
    for (const invoice of invoices) {
      const w = toTermsInvoiceWire(invoice, day);
      balanceCents += balanceOf(invoice);
      entries.push({
        date: invoice.issuedAt.slice(0, 10),
        row: [
          invoice.issuedAt.slice(0, 10),
          'Invoice',
          invoice.number,
          w.orderNumber,
          invoice.dueDate,
          '',
          w.total.toFixed(2),
          '',
          w.state,
        ],
      });
      for (const p of invoice.payments)
        entries.push({
          date: p.receivedOn,
          row: [
            p.receivedOn,
            p.method === 'card' ? 'Card payment' : 'Bank transfer',
            invoice.number,
            w.orderNumber,
            '',
            p.reference,
            '',
            centsToDollars(p.amountCents).toFixed(2),
            '',
          ],
        });
      // Issue 53: each credit (a credit note) lowers the balance; a refund by bank transfer
      // gives back money paid, with its own credit note, and so is a debit beside it.
      const [refunds, notes] = await Promise.all([
        store.refunds.listByOrder(invoice.orderId),
        store.creditNotes.listByOrder(invoice.orderId),
      ]);
      const noteOf = new Map(notes.map((n) => [n.refundId, n.number]));
      for (const r of refunds) {
        const date = r.createdAt.slice(0, 10);
        const amount = centsToDollars(r.amountCents).toFixed(2);
        const document = noteOf.get(r._id) ?? invoice.number;
        entries.push({
          date,
          row: [date, 'Credit note', document, w.orderNumber, '', r.reason ?? '', '', amount, ''],
        });
        if (r.method === 'bank_transfer')
          entries.push({
            date,
            row: [
              date,
              'Refund by bank transfer',
              document,
              w.orderNumber,
              '',
              r.reference ?? '',
              amount,
              '',
              '',
            ],
          });
      }
    }
    entries.sort((a, b) => a.date.localeCompare(b.date));
    rows.push(...entries.map((e) => e.row));
    rows.push(['', 'Balance', '', '', '', '', centsToDollars(balanceCents).toFixed(2), '', '']);
    return { name: company.name, day, rows, balanceCents };
  }

  /**
   * The header is the first row, as a spreadsheet's import expects (the company and the day are
   * in the file's name); every cell goes through the shared guard, so a name or reference that
   * reads as a formula, or holds a line break, stays one cell of text.
   */
  async function statement(companyId: Id): Promise<{ name: string; csv: string }> {
    const { name, rows } = await statementLines(companyId);
    return { name, csv: rows.map(csvRow).join('') };
  }

  async function statementPdf(companyId: Id): Promise<{ name: string; pdf: Buffer }> {
    const lines = await statementLines(companyId);
    // pdfkit loads with the first document, not at start-up (invoices/invoice-service.ts).
    const { renderStatementPdf } = await import('./statement-pdf.js');
    return { name: lines.name, pdf: await renderStatementPdf(lines) };
  }

  return {
    async list(query: ListQuery): Promise<TermsInvoice[]> {
      const all = (
        await store.invoices.listOnTerms(query.companyId ? { companyId: query.companyId } : {})
      ).map(wire);
      return query.state ? all.filter((i) => i.state === query.state) : all;
    },
    async forCompanyAdmin(caller: UserRecord): Promise<TermsInvoice[]> {
      const company = await ownCompany(caller);
      return (await store.invoices.listOnTerms({ companyId: company._id })).map(wire);
    },
    /**
     * The invoice of an order paid by invoice (on payment terms), for whoever may see the order (the caller
     * checks that): its buyer finds the number, due date and balance there, and pays it by card.
     */
    async forOrder(order: OrderRecord): Promise<TermsInvoice> {
      if (!paysOnInvoice(order)) throw AppError.notFound('This order is not paid on invoice');
      const issued = await store.invoices.get(order._id);
      const invoice = issued && (await store.invoices.getOnTerms(issued.number));
      // Awaiting approval, an order on invoice has no invoice yet: approval issues it.
      if (!invoice) throw AppError.notFound('This order has no invoice yet');
      return wire(invoice);
    },
    /**
     * The invoice on terms, if the caller may see it: the shop admin, its company's admins (who
     * pay it), and whoever may see its order (`canSeeOrder`: its buyer, the company's approvers).
     * Anyone else's answers like a missing one.
     */
    async readable(
      caller: UserRecord,
      number: string,
      canSeeOrder: (orderId: Id) => Promise<boolean>,
    ): Promise<TermsInvoiceRecord> {
      const invoice = await store.invoices.getOnTerms(number);
      if (!invoice) throw AppError.notFound('Invoice not found');
      if (caller.role === 'admin') return invoice;
      const membership = await store.companies.membershipOf(caller.email);
      if (
        membership?.company._id === invoice.companyId &&
        membership.member.role === 'company-admin'
      )
        return invoice;
      if (await canSeeOrder(invoice.orderId)) return invoice;
      throw AppError.notFound('Invoice not found');
    },
    async recordPayment(
      caller: UserRecord,
      number: string,
      input: RecordPayment,
    ): Promise<TermsInvoice> {
      const now = deps.now();
      if (input.receivedOn > today(now))
        throw AppError.badRequest('The date received cannot be in the future');
      const invoice = await store.invoices.getOnTerms(number);
      if (!invoice) throw AppError.notFound('Invoice not found');
      // The issue date never changes, so this read cannot go stale before the write.
      const issuedOn = invoice.issuedAt.slice(0, 10);
      if (input.receivedOn < issuedOn)
        throw AppError.badRequest(
          `The date received cannot be before the invoice was issued (${formatUtcDay(issuedOn)})`,
        );
      const result = await store.invoices.recordPayment(number, {
        amountCents: dollarsToCents(input.amount),
        method: 'bank-transfer',
        reference: input.reference,
        receivedOn: input.receivedOn,
        recordedAt: now.toISOString(),
        recordedBy: caller.email,
      });
      if (result.outcome === 'NOT_FOUND') throw AppError.notFound('Invoice not found');
      if (result.outcome === 'OVER_BALANCE')
        throw AppError.conflict(
          result.balanceCents === 0
            ? 'This invoice is paid in full already'
            : `The amount is more than the balance of ${formatCents(result.balanceCents)}`,
        );
      return wire(result.invoice);
    },
    ownStatement: async (caller: UserRecord) => statement((await ownCompany(caller))._id),
    statement,
    ownStatementPdf: async (caller: UserRecord) => statementPdf((await ownCompany(caller))._id),
    statementPdf,
    /** The reminder sweep: each stage of `remindersDue` once (the store queues the emails). */
    async sendReminders(at: Date = deps.now()): Promise<number> {
      return store.invoices.sendReminders(today(at), at.toISOString());
    },
  };
}

export type TermsInvoicesService = ReturnType<typeof createTermsInvoicesService>;
