/**
 * Payment terms: when an invoice is due, whether a company's credit covers an order, where an
 * invoice stands, and which overdue reminder goes out. Both adapters read what these need inside
 * their transaction (the company, its unpaid balance, the reminders sent) and write the result.
 */
import { addDays } from '@toolworks/contract/availability';
import type { PaymentTerms } from '@toolworks/contract/companies';
import type { InvoiceState } from '@toolworks/contract/invoices';

type Terms = Exclude<PaymentTerms, 'none'>;

const TERM_DAYS: Record<Terms, number> = {
  'net-15': 15,
  'net-30': 30,
  'net-60': 60,
};

/** The due date (`YYYY-MM-DD`) of an invoice issued at `issuedAt` (ISO) on these terms. */
export const dueDateOf = (terms: Terms, issuedAt: string) =>
  addDays(issuedAt.slice(0, 10), TERM_DAYS[terms]);

interface Balance {
  totalCents: number;
  paidCents: number;
  /** Credit notes against it (issue 53): they lower what is owed, as payments do. */
  creditedCents?: number;
}

/** What is still owed on an invoice: its total less its payments and credits. */
export const balanceOf = (invoice: Balance) =>
  invoice.totalCents - invoice.paidCents - (invoice.creditedCents ?? 0);

/** What is still owed on these invoices. */
export const owedOn = (invoices: readonly Balance[]) =>
  invoices.reduce((sum, invoice) => sum + balanceOf(invoice), 0);

/** The credit a company has left: its limit less what its invoices still owe, never below 0. */
export const creditLeft = (creditLimitCents: number, owedCents: number) =>
  Math.max(0, creditLimitCents - owedCents);

export type TermsCheck =
  /** The invoice's terms and due date. */
  | { ok: true; terms: { paymentTerms: Terms; dueDate: string } }
  | { ok: false; reason: 'NOT_ON_TERMS' }
  | { ok: false; reason: 'CREDIT_LIMIT_EXCEEDED'; availableCents: number };

/**
 * Whether an order of `orderCents` placed or confirmed at `now` (ISO) may go on its company's
 * invoice: the buyer is a member of a company with terms (`company` null when not a member),
 * and what its invoices still owe plus this order stays within the credit limit.
 */
export function termsCheck(input: {
  company: { paymentTerms: PaymentTerms; creditLimitCents: number } | null;
  owedCents: number;
  orderCents: number;
  now: string;
}): TermsCheck {
  const { company, owedCents, orderCents, now } = input;
  if (!company || company.paymentTerms === 'none') return { ok: false, reason: 'NOT_ON_TERMS' };
  if (orderCents > company.creditLimitCents - owedCents)
    return {
      ok: false,
      reason: 'CREDIT_LIMIT_EXCEEDED',
      availableCents: creditLeft(company.creditLimitCents, owedCents),
    };
  const { paymentTerms } = company;
  return { ok: true, terms: { paymentTerms, dueDate: dueDateOf(paymentTerms, now) } };
}

/** Open, partly paid, paid or overdue (past its due date with a balance) on `day` (`YYYY-MM-DD`). */
export function invoiceState(invoice: Balance & { dueDate: string }, day: string): InvoiceState {
  const balance = balanceOf(invoice);
  if (balance <= 0) return 'paid';
  if (invoice.dueDate < day) return 'overdue';
  return invoice.paidCents > 0 ? 'partly_paid' : 'open';
}

/** The overdue invoices among these on `day`: how many, and the cents still owed on them. */
export function overdueOf<T extends Balance & { dueDate: string }>(invoices: T[], day: string) {
  const late = invoices.filter((invoice) => invoiceState(invoice, day) === 'overdue');
  return { count: late.length, balanceCents: owedOn(late) };
}

/** The overdue reminders: on the due date, and 7 and 14 days after it. */
export const REMINDER_STAGES = [0, 7, 14] as const;
export type ReminderStage = (typeof REMINDER_STAGES)[number];

/**
 * The reminders of an unpaid invoice on `today`, given the stages already sent: every stage
 * whose day has come and is not on record is recorded; only the latest of them is mailed, and
 * only if it is among those new records (an earlier stage missed while the shop was down is
 * recorded as done, never sent late).
 */
export function remindersDue(
  dueDate: string,
  today: string,
  sent: readonly ReminderStage[],
): { record: ReminderStage[]; mail: ReminderStage | null } {
  const due = REMINDER_STAGES.filter((stage) => addDays(dueDate, stage) <= today);
  const record = due.filter((stage) => !sent.includes(stage));
  const latest = due.at(-1);
  return { record, mail: latest !== undefined && record.includes(latest) ? latest : null };
}
