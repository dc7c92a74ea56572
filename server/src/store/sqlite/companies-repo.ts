import type Database from 'better-sqlite3';
import type {
  CompaniesRepo,
  CompanyAddressRecord,
  CompanyInput,
  CompanyInvitationRecord,
  CompanyMemberRecord,
  CompanyRecord,
  CompanyRole,
  EInvoiceFormat,
  InvitationStatus,
  NewMember,
  PaymentTerms,
  VatManualVerification,
} from '../store.js';
import type { VatIdStatus } from '../../domain/tax.js';
import { vatStateOnSave, type VatEvidence } from '../../domain/vat-check.js';
import { newObjectId } from '../object-id.js';
import { Refusal, refuse } from '../refusal.js';

interface CompanyRow {
  id: string;
  name: string;
  vat_id: string;
  billing_address: string;
  delivery_addresses: string;
  payment_terms: PaymentTerms;
  credit_limit_cents: number;
  member_count: number;
  vat_status: VatIdStatus;
  vat_evidence: string | null;
  vat_check_due_at: string | null;
  vat_check_attempts: number;
  vat_last_error: string | null;
  vat_manual_verification: string | null;
  e_invoice_format: EInvoiceFormat;
  buyer_reference: string | null;
  created_at: string;
  updated_at: string;
}

interface MemberRow {
  email: string;
  company_id: string;
  name: string | null;
  role: CompanyRole;
  spending_limit_order_cents: number | null;
  spending_limit_month_cents: number | null;
  joined_at: string;
}

interface InvitationRow {
  id: string;
  company_id: string;
  email: string;
  role: CompanyRole;
  token_hash: string;
  status: InvitationStatus;
  invited_by: string;
  expires_at: string;
  created_at: string;
  accepted_at: string | null;
}

const toCompany = (row: CompanyRow): CompanyRecord => ({
  _id: row.id,
  name: row.name,
  vatId: row.vat_id,
  billingAddress: row.billing_address,
  deliveryAddresses: JSON.parse(row.delivery_addresses) as CompanyAddressRecord[],
  paymentTerms: row.payment_terms,
  creditLimitCents: row.credit_limit_cents,
  memberCount: row.member_count,
  vatStatus: row.vat_status,
  ...(row.vat_evidence !== null && {
    vatEvidence: JSON.parse(row.vat_evidence) as VatEvidence,
  }),
  ...(row.vat_check_due_at !== null && { vatCheckDueAt: row.vat_check_due_at }),
  vatCheckAttempts: row.vat_check_attempts,
  ...(row.vat_last_error !== null && { vatLastError: row.vat_last_error }),
  ...(row.vat_manual_verification !== null && {
    vatManualVerification: JSON.parse(row.vat_manual_verification) as VatManualVerification,
  }),
  eInvoiceFormat: row.e_invoice_format,
  ...(row.buyer_reference !== null && { buyerReference: row.buyer_reference }),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toMember = (row: MemberRow): CompanyMemberRecord => ({
  companyId: row.company_id,
  email: row.email,
  ...(row.name !== null && { name: row.name }),
  role: row.role,
  ...(row.spending_limit_order_cents !== null && {
    spendingLimitPerOrderCents: row.spending_limit_order_cents,
  }),
  ...(row.spending_limit_month_cents !== null && {
    spendingLimitPerMonthCents: row.spending_limit_month_cents,
  }),
  joinedAt: row.joined_at,
});

const toInvitation = (row: InvitationRow): CompanyInvitationRecord => ({
  _id: row.id,
  companyId: row.company_id,
  email: row.email,
  role: row.role,
  tokenHash: row.token_hash,
  status: row.status,
  invitedBy: row.invited_by,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  ...(row.accepted_at !== null && { acceptedAt: row.accepted_at }),
});

const vatColumns = (vatId: string, now: string) => {
  const state = vatStateOnSave(vatId, now);
  return { vatStatus: state.status, vatCheckDueAt: state.checkDueAt ?? null };
};

/**
 * The e-invoice settings as bound: null keeps the column as it is (an update) or takes its
 * default (an insert); a blank reference is stored as none.
 */
const eInvoiceColumns = (input: CompanyInput) => ({
  eInvoiceFormat: input.eInvoiceFormat ?? null,
  buyerReference: input.buyerReference ?? null,
});

const COMPANY_SELECT = `SELECT c.*, (SELECT count(*) FROM company_members m
  WHERE m.company_id = c.id) AS member_count FROM companies c`;

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';

/**
 * An IMMEDIATE transaction (write lock before the first read) whose `refuse(answer)` rolls back
 * and answers, as the write queue does for queued operations.
 */
export function refusableTransaction<A extends unknown[], R>(
  db: Database.Database,
  work: (...args: A) => R,
): (...args: A) => R {
  const tx = db.transaction(work);
  return (...args) => {
    try {
      return tx.immediate(...args);
    } catch (error) {
      if (error instanceof Refusal) return error.answer as R;
      throw error;
    }
  };
}

/**
 * The company statements, shared with the applications repo: approving an application creates
 * its company and first member inside that repo's transaction.
 */
export function companyStatements(db: Database.Database) {
  const insertCompany = db.prepare(`INSERT INTO companies (id, name, vat_id, billing_address,
    delivery_addresses, payment_terms, credit_limit_cents, vat_status, vat_check_due_at,
    e_invoice_format, buyer_reference, created_at, updated_at) VALUES (@id, @name, @vatId,
    @billingAddress, @deliveryAddresses, @paymentTerms, @creditLimitCents, @vatStatus,
    @vatCheckDueAt, coalesce(@eInvoiceFormat, 'facturx'), nullif(@buyerReference, ''), @now,
    @now)`);
  const insertMember = db.prepare(`INSERT INTO company_members (email, company_id, name, role,
    joined_at) VALUES (@email, @companyId, @name, @role, @now)`);
  const getCompany = db.prepare(`${COMPANY_SELECT} WHERE c.id = ?`);
  const memberOf = db.prepare('SELECT * FROM company_members WHERE email = ?');

  const company = (id: string) => {
    const row = getCompany.get(id) as CompanyRow | undefined;
    return row ? toCompany(row) : null;
  };
  const member = (email: string) => {
    const row = memberOf.get(email) as MemberRow | undefined;
    return row ? toMember(row) : null;
  };
  /** Inside a transaction; 'ALREADY_MEMBER' (nothing written by this call) when they are in one. */
  const addMember = (
    companyId: string,
    who: NewMember,
    role: CompanyRole,
    now: string,
  ): CompanyMemberRecord | 'ALREADY_MEMBER' => {
    const email = who.email.toLowerCase();
    try {
      insertMember.run({ email, companyId, name: who.name ?? null, role, now });
    } catch (error) {
      if (isUniqueViolation(error)) return 'ALREADY_MEMBER';
      throw error;
    }
    return member(email) as CompanyMemberRecord;
  };
  const createCompany = (input: CompanyInput, now: string): string => {
    const id = newObjectId();
    insertCompany.run({
      id,
      name: input.name,
      vatId: input.vatId,
      billingAddress: input.billingAddress,
      deliveryAddresses: JSON.stringify(input.deliveryAddresses),
      paymentTerms: input.paymentTerms,
      creditLimitCents: input.creditLimitCents,
      ...vatColumns(input.vatId, now),
      ...eInvoiceColumns(input),
      now,
    });
    return id;
  };
  return { company, member, addMember, createCompany };
}

export function sqliteCompaniesRepo(db: Database.Database): CompaniesRepo {
  const s = companyStatements(db);
  const companyIdOf = db.prepare('SELECT company_id FROM company_members WHERE email = ?').pluck();
  const update = db.prepare(`UPDATE companies SET name = @name, vat_id = @vatId,
    billing_address = @billingAddress, delivery_addresses = @deliveryAddresses,
    payment_terms = @paymentTerms, credit_limit_cents = @creditLimitCents,
    e_invoice_format = coalesce(@eInvoiceFormat, e_invoice_format),
    buyer_reference = nullif(coalesce(@buyerReference, buyer_reference), ''), updated_at = @now
    WHERE id = @id`);
  // A new ID starts over: what VIES or an admin said was about the old one.
  const resetVat = db.prepare(`UPDATE companies SET vat_status = @vatStatus,
    vat_check_due_at = @vatCheckDueAt, vat_evidence = NULL, vat_check_attempts = 0,
    vat_last_error = NULL, vat_manual_verification = NULL, vat_claimed_by = NULL,
    vat_claimed_until = NULL WHERE id = @id`);
  const vatIdOf = db.prepare('SELECT vat_id FROM companies WHERE id = ?').pluck();
  const dueVat = db.prepare(`SELECT id FROM companies WHERE vat_check_due_at <= @now
    AND (vat_claimed_until IS NULL OR vat_claimed_until <= @now)
    ORDER BY vat_check_due_at, id LIMIT @limit`);
  const leaseVat = db.prepare(`UPDATE companies SET vat_claimed_by = @workerId,
    vat_claimed_until = @until WHERE id = @id`);
  const writeVatCheck = db.prepare(`UPDATE companies SET vat_status = @status,
    vat_evidence = coalesce(@evidence, vat_evidence), vat_check_due_at = @checkDueAt,
    vat_check_attempts = @attempts, vat_last_error = @lastError, vat_claimed_by = NULL,
    vat_claimed_until = NULL WHERE id = @id AND vat_id = @vatId`);
  const writeVerification = db.prepare(`UPDATE companies SET vat_manual_verification = ?
    WHERE id = ?`);
  const listAll = db.prepare(`${COMPANY_SELECT} ORDER BY c.name COLLATE NOCASE, c.id`);
  const members = db.prepare(`SELECT * FROM company_members WHERE company_id = ?
    ORDER BY role <> 'company-admin', email`);
  const memberIn = db.prepare('SELECT * FROM company_members WHERE company_id = ? AND email = ?');
  const otherAdmins = db
    .prepare(
      `SELECT count(*) FROM company_members WHERE company_id = ? AND email <> ?
      AND role = 'company-admin'`,
    )
    .pluck();
  const setMember = db.prepare(`UPDATE company_members SET role = @role,
    spending_limit_order_cents = @perOrder, spending_limit_month_cents = @perMonth
    WHERE company_id = @companyId AND email = @email`);
  const deleteMember = db.prepare('DELETE FROM company_members WHERE company_id = ? AND email = ?');
  const revokePending = db.prepare(`UPDATE company_invitations SET status = 'revoked'
    WHERE company_id = ? AND email = ? AND status = 'pending'`);
  const insertInvitation = db.prepare(`INSERT INTO company_invitations (id, company_id, email,
    role, token_hash, status, invited_by, expires_at, created_at) VALUES (@id, @companyId,
    @email, @role, @tokenHash, 'pending', @invitedBy, @expiresAt, @now)`);
  const getInvitation = db.prepare('SELECT * FROM company_invitations WHERE id = ?');
  const byHash = db.prepare('SELECT * FROM company_invitations WHERE token_hash = ?');
  const pending = db.prepare(`SELECT * FROM company_invitations WHERE company_id = ?
    AND status = 'pending' AND expires_at > ? ORDER BY created_at DESC, id DESC`);
  const revoke = db.prepare(`UPDATE company_invitations SET status = 'revoked'
    WHERE id = ? AND company_id = ? AND status = 'pending'`);
  const markAccepted = db.prepare(`UPDATE company_invitations SET status = 'accepted',
    accepted_at = @now WHERE id = @id AND status = 'pending'`);

  const updateTx = db.transaction((id: string, input: CompanyInput) => {
    const before = vatIdOf.get(id) as string | undefined;
    if (before === undefined) return null;
    const now = new Date().toISOString();
    update.run({
      id,
      name: input.name,
      vatId: input.vatId,
      billingAddress: input.billingAddress,
      deliveryAddresses: JSON.stringify(input.deliveryAddresses),
      paymentTerms: input.paymentTerms,
      creditLimitCents: input.creditLimitCents,
      ...eInvoiceColumns(input),
      now,
    });
    if (before !== input.vatId) resetVat.run({ id, ...vatColumns(input.vatId, now) });
    return s.company(id);
  });

  const claimVatTx = db.transaction(
    (workerId: string, now: string, leaseMs: number, limit: number) => {
      const until = new Date(Date.parse(now) + leaseMs).toISOString();
      const ids = dueVat.pluck().all({ now, limit }) as string[];
      for (const id of ids) leaseVat.run({ id, workerId, until });
      return ids.map((id) => s.company(id) as CompanyRecord);
    },
  );

  const invitation = (row: unknown) => (row ? toInvitation(row as InvitationRow) : null);

  const createTx = refusableTransaction(db, (input: CompanyInput, firstAdmin?: NewMember) => {
    const now = new Date().toISOString();
    const id = s.createCompany(input, now);
    if (firstAdmin) {
      const added = s.addMember(id, firstAdmin, 'company-admin', now);
      if (added === 'ALREADY_MEMBER') return refuse('ALREADY_MEMBER' as const);
    }
    return s.company(id) as CompanyRecord;
  });

  // Reading the other admins and writing the change in one write-locked transaction: two
  // demotions of the last two admins cannot both pass.
  const updateMemberTx = db.transaction(
    (companyId: string, email: string, change: Parameters<CompaniesRepo['updateMember']>[2]) => {
      const row = memberIn.get(companyId, email) as MemberRow | undefined;
      if (!row) return 'NOT_FOUND' as const;
      const current = toMember(row);
      const role = change.role ?? current.role;
      if (role !== 'company-admin' && current.role === 'company-admin') {
        if ((otherAdmins.get(companyId, email) as number) === 0) return 'LAST_ADMIN' as const;
      }
      const keep = (next: number | null | undefined, now: number | undefined) =>
        next === undefined ? (now ?? null) : next;
      setMember.run({
        companyId,
        email,
        role,
        perOrder: keep(change.spendingLimitPerOrderCents, current.spendingLimitPerOrderCents),
        perMonth: keep(change.spendingLimitPerMonthCents, current.spendingLimitPerMonthCents),
      });
      return toMember(memberIn.get(companyId, email) as MemberRow);
    },
  );

  const removeMemberTx = db.transaction((companyId: string, email: string) => {
    const row = memberIn.get(companyId, email) as MemberRow | undefined;
    if (!row) return 'NOT_FOUND' as const;
    if (row.role === 'company-admin' && (otherAdmins.get(companyId, email) as number) === 0) {
      return 'LAST_ADMIN' as const;
    }
    deleteMember.run(companyId, email);
    return 'REMOVED' as const;
  });

  const inviteTx = db.transaction((input: Parameters<CompaniesRepo['invite']>[0]) => {
    const id = newObjectId();
    const email = input.email.toLowerCase();
    revokePending.run(input.companyId, email);
    insertInvitation.run({ ...input, id, email, now: new Date().toISOString() });
    return toInvitation(getInvitation.get(id) as InvitationRow);
  });

  const acceptTx = refusableTransaction(db, (tokenHash: string, who: NewMember, now: string) => {
    const found = invitation(byHash.get(tokenHash));
    if (!found) return 'NOT_FOUND' as const;
    if (found.status !== 'pending') return 'NOT_PENDING' as const;
    if (found.expiresAt <= now) return 'EXPIRED' as const;
    if (found.email !== who.email.toLowerCase()) return 'WRONG_EMAIL' as const;
    const member = s.addMember(found.companyId, who, found.role, now);
    if (member === 'ALREADY_MEMBER') return member;
    if (markAccepted.run({ id: found._id, now }).changes === 0) {
      return refuse('NOT_PENDING' as const);
    }
    return { member, company: s.company(found.companyId) as CompanyRecord };
  });

  return {
    async create(input, firstAdmin) {
      return createTx(input, firstAdmin);
    },
    async update(id, input) {
      return updateTx.immediate(id, input);
    },
    async get(id) {
      return s.company(id);
    },
    async list() {
      return (listAll.all() as CompanyRow[]).map(toCompany);
    },
    async membershipOf(email) {
      const member = s.member(email.toLowerCase());
      const company = member && s.company(member.companyId);
      return member && company ? { company, member } : null;
    },
    async companyIdOf(email) {
      return (companyIdOf.get(email.toLowerCase()) as string | undefined) ?? null;
    },
    async members(companyId) {
      return (members.all(companyId) as MemberRow[]).map(toMember);
    },
    async updateMember(companyId, email, change) {
      return updateMemberTx.immediate(companyId, email.toLowerCase(), change);
    },
    async removeMember(companyId, email) {
      return removeMemberTx.immediate(companyId, email.toLowerCase());
    },
    async invite(input) {
      return inviteTx.immediate(input);
    },
    async pendingInvitations(companyId, now) {
      return (pending.all(companyId, now) as InvitationRow[]).map(toInvitation);
    },
    async invitationByTokenHash(tokenHash) {
      return invitation(byHash.get(tokenHash));
    },
    async revokeInvitation(companyId, id) {
      if (revoke.run(id, companyId).changes) return 'REVOKED';
      const found = invitation(getInvitation.get(id));
      return found && found.companyId === companyId ? 'NOT_PENDING' : 'NOT_FOUND';
    },
    async acceptInvitation(tokenHash, who, now) {
      return acceptTx(tokenHash, who, now);
    },
    async claimVatChecks(workerId, now, leaseMs, limit) {
      return claimVatTx.immediate(workerId, now, leaseMs, limit);
    },
    async recordVatCheck(id, vatId, result) {
      const written = writeVatCheck.run({
        id,
        vatId,
        status: result.status,
        evidence: result.evidence ? JSON.stringify(result.evidence) : null,
        checkDueAt: result.checkDueAt ?? null,
        attempts: result.attempts,
        lastError: result.lastError ?? null,
      });
      return written.changes ? s.company(id) : null;
    },
    async recordVatVerification(id, verification) {
      const written = writeVerification.run(JSON.stringify(verification), id);
      return written.changes ? s.company(id) : null;
    },
  };
}
