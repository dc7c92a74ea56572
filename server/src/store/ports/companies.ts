/** Trade accounts: companies, their members and invitations, and applications for an account. */

import type {
  ApplicationStatus,
  CompanyRole,
  EInvoiceFormat,
  InvitationViewStatus,
  PaymentTerms,
} from '@toolworks/contract/companies';
import type { VatIdStatus } from '../../domain/tax.js';
import type { VatCheckResult, VatEvidence } from '../../domain/vat-check.js';
import type { Id } from './common.js';

export type { ApplicationStatus, CompanyRole, EInvoiceFormat, PaymentTerms };

export interface CompanyAddressRecord {
  label: string;
  address: string;
}

export interface CompanyInput {
  name: string;
  vatId: string;
  billingAddress: string;
  deliveryAddresses: CompanyAddressRecord[];
  paymentTerms: PaymentTerms;
  creditLimitCents: number;
  /**
   * Issue 52, what its invoice email attaches. Absent: as it is (a new company: `facturx`);
   * the applications repo creates companies without them.
   */
  eInvoiceFormat?: EInvoiceFormat;
  /** BT-10 (a Leitweg-ID). Absent: as it is; blank: none. */
  buyerReference?: string;
}

/** An admin checked the VAT ID by other means (VIES down for days, a registry extract). */
export interface VatManualVerification {
  note: string;
  by: string;
  at: string;
}

/**
 * Issue 51: where the company's VAT ID stands with VIES. A new or changed ID is `pending` (due
 * at once) when it is a member state's, else `unchecked`; the store sets this itself
 * (domain/vat-check.ts `vatStateOnSave`) and clears the evidence and any manual verification,
 * which were of the old ID.
 */
export interface CompanyVatState {
  vatStatus: VatIdStatus;
  /** The last answer VIES gave (valid or invalid); kept through faults. */
  vatEvidence?: VatEvidence;
  /** When the sweep checks it next; absent: never (unchecked, invalid). */
  vatCheckDueAt?: string;
  /** Faults in a row (the backoff's step). */
  vatCheckAttempts: number;
  vatLastError?: string;
  vatManualVerification?: VatManualVerification;
}

export interface CompanyRecord
  extends Omit<CompanyInput, 'eInvoiceFormat' | 'buyerReference'>, CompanyVatState {
  _id: Id;
  eInvoiceFormat: EInvoiceFormat;
  /** Absent: none. */
  buyerReference?: string;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CompanyMemberRecord {
  companyId: Id;
  email: string;
  name?: string;
  role: CompanyRole;
  /** Absent: no limit. */
  spendingLimitPerOrderCents?: number;
  spendingLimitPerMonthCents?: number;
  joinedAt: string;
}

export interface NewMember {
  email: string;
  name?: string;
}

/** A change to a member; a limit of null removes it, an absent field stays as it is. */
export interface MemberChange {
  role?: CompanyRole;
  spendingLimitPerOrderCents?: number | null;
  spendingLimitPerMonthCents?: number | null;
}

/** Stored statuses; `expired` is a pending invitation past `expiresAt`, judged when read. */
export type InvitationStatus = Exclude<InvitationViewStatus, 'expired'>;

export interface CompanyInvitationRecord {
  _id: Id;
  companyId: Id;
  email: string;
  role: CompanyRole;
  /** sha256 of the emailed token, hex: the token itself is never stored. */
  tokenHash: string;
  status: InvitationStatus;
  invitedBy: string;
  expiresAt: string;
  createdAt: string;
  acceptedAt?: string;
}

export type NewInvitation = Pick<
  CompanyInvitationRecord,
  'companyId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'
>;

export type AcceptInvitationResult =
  | { member: CompanyMemberRecord; company: CompanyRecord }
  | 'NOT_FOUND'
  | 'NOT_PENDING'
  | 'EXPIRED'
  | 'WRONG_EMAIL'
  | 'ALREADY_MEMBER';

export interface CompaniesRepo {
  /** With `firstAdmin`, that person joins as its company-admin in the same transaction. */
  create(input: CompanyInput, firstAdmin?: NewMember): Promise<CompanyRecord | 'ALREADY_MEMBER'>;
  /** Replaces the editable fields; null if there is no such company. */
  update(id: Id, input: CompanyInput): Promise<CompanyRecord | null>;
  get(id: Id): Promise<CompanyRecord | null>;
  /** By name. */
  list(): Promise<CompanyRecord[]>;
  /** The one company this person belongs to, and their membership. */
  membershipOf(
    email: string,
  ): Promise<{ company: CompanyRecord; member: CompanyMemberRecord } | null>;
  /**
   * The id of the company this person belongs to, or null: `membershipOf` without reading the
   * company (a member's catalogue page asks it on every request).
   */
  companyIdOf(email: string): Promise<Id | null>;
  /** Company-admins first, then by email. */
  members(companyId: Id): Promise<CompanyMemberRecord[]>;
  /** LAST_ADMIN: the change would leave the company without a company-admin; nothing changes. */
  updateMember(
    companyId: Id,
    email: string,
    change: MemberChange,
  ): Promise<CompanyMemberRecord | 'NOT_FOUND' | 'LAST_ADMIN'>;
  removeMember(companyId: Id, email: string): Promise<'REMOVED' | 'NOT_FOUND' | 'LAST_ADMIN'>;
  /** Stores a pending invitation; an earlier pending one to the same address is revoked. */
  invite(input: NewInvitation): Promise<CompanyInvitationRecord>;
  /** Pending and not expired at `now`, newest first. */
  pendingInvitations(companyId: Id, now: string): Promise<CompanyInvitationRecord[]>;
  invitationByTokenHash(tokenHash: string): Promise<CompanyInvitationRecord | null>;
  revokeInvitation(companyId: Id, id: Id): Promise<'REVOKED' | 'NOT_FOUND' | 'NOT_PENDING'>;
  /**
   * Ties `who` to the invitation's company with its role and marks it accepted, in one
   * transaction: only while pending, unexpired at `now`, addressed to `who.email`, and while
   * `who` belongs to no company (a person is in at most one, even when two accepts race).
   */
  acceptInvitation(tokenHash: string, who: NewMember, now: string): Promise<AcceptInvitationResult>;
  /**
   * Leases up to `limit` companies whose VAT check is due at `now` to `workerId` until
   * `now + leaseMs`, in one atomic step, the longest due first: one instance checks a company at
   * a time, and a lease that ran out (a crashed instance) is taken over.
   */
  claimVatChecks(
    workerId: string,
    now: string,
    leaseMs: number,
    limit: number,
  ): Promise<CompanyRecord[]>;
  /**
   * Writes a check's result and ends any lease, only while the company's VAT ID is still
   * `vatId` (an ID edited during the check is checked afresh); null otherwise or if unknown.
   */
  recordVatCheck(id: Id, vatId: string, result: VatCheckResult): Promise<CompanyRecord | null>;
  recordVatVerification(id: Id, verification: VatManualVerification): Promise<CompanyRecord | null>;
}

export interface TradeApplicationRecord {
  _id: Id;
  email: string;
  name?: string;
  companyName: string;
  vatId: string;
  billingAddress: string;
  deliveryAddress: string;
  phone: string;
  note: string;
  /** What the applicant asked for; the company gets what the admin grants. */
  requestedPaymentTerms: PaymentTerms;
  requestedCreditLimitCents: number;
  status: ApplicationStatus;
  declineReason?: string;
  companyId?: Id;
  createdAt: string;
  decidedAt?: string;
}

export type NewTradeApplication = Pick<
  TradeApplicationRecord,
  | 'email'
  | 'name'
  | 'companyName'
  | 'vatId'
  | 'billingAddress'
  | 'deliveryAddress'
  | 'phone'
  | 'note'
> &
  /** No request: card payment, no credit. */
  Partial<Pick<TradeApplicationRecord, 'requestedPaymentTerms' | 'requestedCreditLimitCents'>>;

export interface TradeApplicationsRepo {
  /** PENDING_EXISTS: this person has a pending application already (one at a time). */
  create(input: NewTradeApplication): Promise<TradeApplicationRecord | 'PENDING_EXISTS'>;
  get(id: Id): Promise<TradeApplicationRecord | null>;
  latestByEmail(email: string): Promise<TradeApplicationRecord | null>;
  /** Newest first. */
  list(status?: ApplicationStatus): Promise<TradeApplicationRecord[]>;
  /**
   * In one transaction, only while pending: creates the company with the applicant as its
   * company-admin and marks the application approved.
   */
  approve(
    id: Id,
    company: CompanyInput,
  ): Promise<
    | { application: TradeApplicationRecord; company: CompanyRecord }
    | 'NOT_FOUND'
    | 'NOT_PENDING'
    | 'ALREADY_MEMBER'
  >;
  decline(id: Id, reason: string): Promise<TradeApplicationRecord | 'NOT_FOUND' | 'NOT_PENDING'>;
}
