import type Database from 'better-sqlite3';
import type {
  CompanyRecord,
  PaymentTerms,
  TradeApplicationRecord,
  TradeApplicationsRepo,
  ApplicationStatus,
} from '../store.js';
import { newObjectId } from '../object-id.js';
import { refuse } from '../refusal.js';
import { companyStatements, refusableTransaction } from './companies-repo.js';

interface ApplicationRow {
  id: string;
  email: string;
  name: string | null;
  company_name: string;
  vat_id: string;
  billing_address: string;
  delivery_address: string;
  phone: string;
  note: string;
  requested_payment_terms: PaymentTerms;
  requested_credit_limit_cents: number;
  status: ApplicationStatus;
  decline_reason: string | null;
  company_id: string | null;
  created_at: string;
  decided_at: string | null;
}

const toApplication = (row: ApplicationRow): TradeApplicationRecord => ({
  _id: row.id,
  email: row.email,
  ...(row.name !== null && { name: row.name }),
  companyName: row.company_name,
  vatId: row.vat_id,
  billingAddress: row.billing_address,
  deliveryAddress: row.delivery_address,
  phone: row.phone,
  note: row.note,
  requestedPaymentTerms: row.requested_payment_terms,
  requestedCreditLimitCents: row.requested_credit_limit_cents,
  status: row.status,
  ...(row.decline_reason !== null && { declineReason: row.decline_reason }),
  ...(row.company_id !== null && { companyId: row.company_id }),
  createdAt: row.created_at,
  ...(row.decided_at !== null && { decidedAt: row.decided_at }),
});

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';

export function sqliteTradeApplicationsRepo(db: Database.Database): TradeApplicationsRepo {
  const companies = companyStatements(db);
  const insert = db.prepare(`INSERT INTO trade_applications (id, email, name, company_name,
    vat_id, billing_address, delivery_address, phone, note, requested_payment_terms,
    requested_credit_limit_cents, status, created_at) VALUES (@id, @email, @name, @companyName,
    @vatId, @billingAddress, @deliveryAddress, @phone, @note, @requestedPaymentTerms,
    @requestedCreditLimitCents, 'pending', @now)`);
  const getOne = db.prepare('SELECT * FROM trade_applications WHERE id = ?');
  const latest = db.prepare(`SELECT * FROM trade_applications WHERE email = ?
    ORDER BY created_at DESC, id DESC LIMIT 1`);
  const listAll = db.prepare('SELECT * FROM trade_applications ORDER BY created_at DESC, id DESC');
  const listByStatus = db.prepare(`SELECT * FROM trade_applications WHERE status = ?
    ORDER BY created_at DESC, id DESC`);
  const approve = db.prepare(`UPDATE trade_applications SET status = 'approved',
    company_id = @companyId, decided_at = @now WHERE id = @id AND status = 'pending'`);
  const decline = db.prepare(`UPDATE trade_applications SET status = 'declined',
    decline_reason = @reason, decided_at = @now WHERE id = @id AND status = 'pending'`);

  const getSync = (id: string) => {
    const row = getOne.get(id) as ApplicationRow | undefined;
    return row ? toApplication(row) : null;
  };

  const approveTx = refusableTransaction(
    db,
    (id: string, input: Parameters<TradeApplicationsRepo['approve']>[1]) => {
      const application = getSync(id);
      if (!application) return 'NOT_FOUND' as const;
      if (application.status !== 'pending') return 'NOT_PENDING' as const;
      const now = new Date().toISOString();
      const companyId = companies.createCompany(input, now);
      const who = { email: application.email, ...(application.name && { name: application.name }) };
      const member = companies.addMember(companyId, who, 'company-admin', now);
      if (member === 'ALREADY_MEMBER') return refuse(member);
      approve.run({ id, companyId, now });
      return {
        application: getSync(id) as TradeApplicationRecord,
        company: companies.company(companyId) as CompanyRecord,
      };
    },
  );

  return {
    async create(input) {
      const id = newObjectId();
      try {
        insert.run({
          ...input,
          id,
          email: input.email.toLowerCase(),
          name: input.name ?? null,
          requestedPaymentTerms: input.requestedPaymentTerms ?? 'none',
          requestedCreditLimitCents: input.requestedCreditLimitCents ?? 0,
          now: new Date().toISOString(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'PENDING_EXISTS';
        throw error;
      }
      return getSync(id) as TradeApplicationRecord;
    },
    async get(id) {
      return getSync(id);
    },
    async latestByEmail(email) {
      const row = latest.get(email.toLowerCase()) as ApplicationRow | undefined;
      return row ? toApplication(row) : null;
    },
    async list(status) {
      const rows = status ? listByStatus.all(status) : listAll.all();
      return (rows as ApplicationRow[]).map(toApplication);
    },
    async approve(id, input) {
      return approveTx(id, input);
    },
    async decline(id, reason) {
      const changes = decline.run({ id, reason, now: new Date().toISOString() }).changes;
      const application = getSync(id);
      if (!application) return 'NOT_FOUND';
      return changes ? application : 'NOT_PENDING';
    },
  };
}
