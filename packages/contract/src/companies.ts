import { z } from 'zod';
import { blankAsUndefined, emailSchema, idSchema, numberInput, plainText } from './fields.js';
import { orderAddressSchema, orderPhoneSchema } from './orders.js';
import { formatCount } from './format.js';
import { PricePolicySchema } from './price-lists.js';

/**
 * Trade accounts (issue 24): a company with members, created by a shop admin or from an approved
 * application. Money on the wire is dollars, as everywhere in the API; stored as cents.
 * Payment terms, the credit limit and the spending limits are kept and shown here; approvals,
 * limit checks and pay on invoice build on them later.
 */
export const PAYMENT_TERMS = ['none', 'net-15', 'net-30', 'net-60'] as const;
export const PaymentTermsSchema = z.enum(PAYMENT_TERMS, {
  error: 'Payment terms must be none, net-15, net-30 or net-60',
});
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

export const COMPANY_ROLES = ['buyer', 'approver', 'company-admin'] as const;
export const CompanyRoleSchema = z.enum(COMPANY_ROLES, {
  error: 'Role must be buyer, approver or company-admin',
});
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;

export const COMPANY_MAX_DELIVERY_ADDRESSES = 20;
export const COMPANY_MONEY_MAX = 100_000_000;

const text = (label: string, max: number, options?: { multiline?: boolean }) =>
  plainText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, `${label} must be ${max} characters or shorter`),
    label,
    options,
  );

const optionalText = (label: string, max: number, options?: { multiline?: boolean }) =>
  plainText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be ${max} characters or shorter`),
    label,
    options,
  ).default('');

export const companyNameSchema = text('Company name', 120);
export const vatIdSchema = z
  .string({ error: 'VAT / tax id is required' })
  .trim()
  .min(1, { error: 'VAT / tax id is required', abort: true })
  .min(4, 'VAT / tax id must be at least 4 characters')
  .max(30, 'VAT / tax id must be 30 characters or shorter')
  .regex(/^[A-Za-z0-9 .\-/]+$/, 'VAT / tax id may only contain letters, digits, spaces, . - and /');

/** Dollars with at most two decimals, 0 or more; blank or null means "no limit" where allowed. */
const dollarsSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(COMPANY_MONEY_MAX, `${label} must be ${formatCount(COMPANY_MONEY_MAX)} or less`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `${label} can have at most 2 decimals (cents)`,
    });

const optionalLimit = (label: string) =>
  z.preprocess(blankAsUndefined, dollarsSchema(label).nullable().optional());

export const DeliveryAddressSchema = z.object({
  label: text('Address label', 60),
  address: orderAddressSchema,
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

/** A delivery address as the API shows it: `_id` is what checkout's `deliveryAddressId` names. */
export const CompanyDeliveryAddressSchema = DeliveryAddressSchema.extend({
  _id: z.string().optional(),
});

/**
 * Issue 52: what the company's invoice email attaches. `facturx` (the default): the PDF with its
 * EN 16931 XML inside; `pdf`: the same PDF, read as a PDF; `xrechnung-ubl`, `xrechnung-cii`: the
 * XRechnung 3.0 XML in that syntax, and the PDF to read.
 */
export const E_INVOICE_FORMATS = ['pdf', 'facturx', 'xrechnung-ubl', 'xrechnung-cii'] as const;
export const EInvoiceFormatSchema = z.enum(E_INVOICE_FORMATS, {
  error: 'E-invoice format must be pdf, facturx, xrechnung-ubl or xrechnung-cii',
});
export type EInvoiceFormat = z.infer<typeof EInvoiceFormatSchema>;
export const DEFAULT_E_INVOICE_FORMAT: EInvoiceFormat = 'facturx';

/**
 * BT-10, the reference the buyer's procurement routes an invoice by: a public buyer's Leitweg-ID
 * (`991-01234-56`), else whatever their accounts payable asks for. Blank: none (the order's PO
 * reference stands in).
 */
export const buyerReferenceSchema = plainText(
  z
    .string({ error: 'Buyer reference must be text' })
    .trim()
    .max(100, 'Buyer reference must be 100 characters or shorter'),
  'Buyer reference',
);

const deliveryAddressesSchema = z
  .array(DeliveryAddressSchema, { error: 'Add at least one delivery address' })
  .min(1, 'Add at least one delivery address')
  .max(
    COMPANY_MAX_DELIVERY_ADDRESSES,
    `At most ${COMPANY_MAX_DELIVERY_ADDRESSES} delivery addresses`,
  );

/** POST /companies, PUT /companies/{id} (shop admins): every editable field, whole. */
export const SaveCompanySchema = z.object({
  name: companyNameSchema,
  vatId: vatIdSchema,
  billingAddress: orderAddressSchema,
  deliveryAddresses: deliveryAddressesSchema,
  paymentTerms: PaymentTermsSchema,
  creditLimit: dollarsSchema('Credit limit'),
  /** Left out: as it is (a new company: `facturx`). */
  eInvoiceFormat: EInvoiceFormatSchema.optional(),
  /** Left out: as it is; blank removes it. */
  buyerReference: buyerReferenceSchema.optional(),
});
export type SaveCompanyInput = z.input<typeof SaveCompanySchema>;

/** The shop admin's company form: the same rules over its inputs' strings. */
export const CompanyFormSchema = SaveCompanySchema.extend({
  creditLimit: numberInput(SaveCompanySchema.shape.creditLimit),
});
export type CompanyFormValues = z.input<typeof CompanyFormSchema>;

/** Issue 51: where a company's VAT ID stands with VIES. */
export const VAT_STATUSES = ['unchecked', 'pending', 'valid', 'invalid', 'unavailable'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

/** The last answer VIES gave, kept as evidence (`requestIdentifier`: the consultation number). */
export const VatEvidenceSchema = z.object({
  requestIdentifier: z.string().optional(),
  name: z.string().optional(),
  address: z.string().optional(),
  requestDate: z.string().optional(),
  checkedAt: z.string(),
});

export const VatManualVerificationSchema = z.object({
  note: z.string(),
  by: z.string(),
  at: z.string(),
});

/** POST /companies/{id}/vat-verification (shop admins): how the ID was verified by hand. */
export const RecordVatVerificationSchema = z.object({
  note: text('Note', 500, { multiline: true }),
});
export type RecordVatVerificationInput = z.input<typeof RecordVatVerificationSchema>;

export const CompanySchema = z.object({
  _id: z.string(),
  name: z.string(),
  vatId: z.string(),
  /**
   * Issue 51. The server always sends `vatStatus`; optional so that answers recorded before it
   * still read. `vatCheckDueAt`: when it is checked next (a retry after a fault, or monthly).
   */
  vatStatus: z.enum(VAT_STATUSES).optional(),
  vatEvidence: VatEvidenceSchema.optional(),
  vatCheckDueAt: z.string().optional(),
  vatLastError: z.string().optional(),
  vatManualVerification: VatManualVerificationSchema.optional(),
  billingAddress: z.string(),
  deliveryAddresses: z.array(CompanyDeliveryAddressSchema),
  paymentTerms: PaymentTermsSchema,
  /** Dollars. */
  creditLimit: z.number(),
  /**
   * Issue 52. The server always sends `eInvoiceFormat` (and `buyerReference` when set); optional
   * so that answers recorded before them still read.
   */
  eInvoiceFormat: EInvoiceFormatSchema.optional(),
  buyerReference: z.string().optional(),
  memberCount: z.number().int(),
  /**
   * Issue 50: its price lists in assignment order and how several are chosen between. The server
   * always sends both; optional so that answers recorded before them still read.
   */
  priceListIds: z.array(z.string()).optional(),
  pricePolicy: PricePolicySchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyMemberSchema = z.object({
  email: z.string(),
  name: z.string().optional(),
  role: CompanyRoleSchema,
  /** Dollars; null: no limit. */
  spendingLimitPerOrder: z.number().nullable(),
  spendingLimitPerMonth: z.number().nullable(),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof CompanyMemberSchema>;

export const CompanyInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  invitedBy: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitationSchema>;

/** A company with its members and pending invitations (shop admins, company-admins). */
export const CompanyDetailSchema = CompanySchema.extend({
  members: z.array(CompanyMemberSchema),
  invitations: z.array(CompanyInvitationSchema),
});
export type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

export const CompanyIdParamsSchema = z.object({ id: idSchema });

/** POST /company/invitations, POST /companies/{id}/invitations */
export const InviteMemberSchema = z.object({
  email: emailSchema,
  role: CompanyRoleSchema,
});
export type InviteMemberInput = z.input<typeof InviteMemberSchema>;

export const InvitationParamsSchema = z.object({ invitationId: idSchema });
export const CompanyInvitationParamsSchema = z.object({ id: idSchema, invitationId: idSchema });

const memberEmailParam = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Provide a valid email')
  .regex(z.regexes.email, 'Provide a valid email');
export const MemberParamsSchema = z.object({ email: memberEmailParam });
export const CompanyMemberParamsSchema = z.object({ id: idSchema, email: memberEmailParam });

/** PATCH /company/members/{email}: any of role and limits; a limit of null removes it. */
export const UpdateMemberSchema = z
  .object({
    role: CompanyRoleSchema.optional(),
    spendingLimitPerOrder: optionalLimit('Spending limit per order'),
    spendingLimitPerMonth: optionalLimit('Spending limit per month'),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Change the role or a spending limit',
  });
export type UpdateMemberInput = z.input<typeof UpdateMemberSchema>;

/** A spending limit's text input: blank removes the limit (null), anything else is dollars. */
const limitInput = (label: string) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? null : Number(text.trim())))
    .pipe(dollarsSchema(label).nullable());

/** A member row's form (role and both limits, every field sent): what PATCH then receives. */
export const MemberFormSchema = z.object({
  role: CompanyRoleSchema,
  spendingLimitPerOrder: limitInput('Spending limit per order'),
  spendingLimitPerMonth: limitInput('Spending limit per month'),
});
export type MemberFormValues = z.input<typeof MemberFormSchema>;

/** The invitation link's token: 32 random bytes, base64url. */
export const InvitationTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid'),
});

const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationViewStatus = (typeof INVITATION_STATUSES)[number];

/** GET /invitations/{token}: what the invited person is asked to accept. */
export const InvitationViewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;

/**
 * GET /invitations/{token}/preview, for anyone holding the link (signed out too): which company
 * invites which address, so the page can say so and prefill the sign-in. Nothing else.
 */
export const InvitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** POST /trade-applications: a signed-in customer's application for a trade account. */
export const CreateTradeApplicationSchema = z.object({
  companyName: companyNameSchema,
  vatId: vatIdSchema,
  billingAddress: orderAddressSchema,
  deliveryAddress: orderAddressSchema,
  phone: orderPhoneSchema,
  note: optionalText('Note', 1000, { multiline: true }),
  /** What the applicant asks for; the shop's admin grants these or others on approval. */
  requestedPaymentTerms: PaymentTermsSchema.default('none'),
  requestedCreditLimit: dollarsSchema('Credit limit requested').default(0),
});
export type CreateTradeApplicationInput = z.input<typeof CreateTradeApplicationSchema>;

/** The application form: its credit limit is typed, and left blank it asks for none. */
export const TradeApplicationFormSchema = CreateTradeApplicationSchema.extend({
  requestedCreditLimit: numberInput(
    CreateTradeApplicationSchema.shape.requestedCreditLimit.unwrap(),
    0,
  ),
});
export type TradeApplicationFormValues = z.input<typeof TradeApplicationFormSchema>;

export const TradeApplicationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().optional(),
  companyName: z.string(),
  vatId: z.string(),
  billingAddress: z.string(),
  deliveryAddress: z.string(),
  phone: z.string(),
  note: z.string(),
  requestedPaymentTerms: PaymentTermsSchema,
  /** Dollars. */
  requestedCreditLimit: z.number(),
  /** In the shop admin's list: whether the applicant's email is verified (absent: unknown). */
  emailVerified: z.boolean().optional(),
  /**
   * Issue 51, the VAT ID's format and check digits: `valid`, `invalid` (with `vatIdProblem`), or
   * `not-eu` (another country's tax number, which VIES cannot verify). Absent: not sent.
   */
  vatIdFormat: z.enum(['valid', 'invalid', 'not-eu']).optional(),
  vatIdProblem: z.string().optional(),
  status: z.enum(APPLICATION_STATUSES),
  declineReason: z.string().optional(),
  companyId: z.string().optional(),
  createdAt: z.string(),
  decidedAt: z.string().optional(),
});
export type TradeApplication = z.infer<typeof TradeApplicationSchema>;

/** GET /trade-applications (shop admins): `status=` filters, blank means all. */
export const ListApplicationsQuerySchema = z.object({
  status: z.preprocess(
    blankAsUndefined,
    z
      .enum(APPLICATION_STATUSES, {
        error: `status must be one of ${APPLICATION_STATUSES.join(', ')}`,
      })
      .optional(),
  ),
});

/**
 * POST /trade-applications/{id}/approve: the terms and credit limit the shop grants; either left
 * out is what the applicant asked for.
 */
export const ApproveApplicationSchema = z.object({
  paymentTerms: PaymentTermsSchema.optional(),
  creditLimit: dollarsSchema('Credit limit').optional(),
});
export type ApproveApplicationInput = z.input<typeof ApproveApplicationSchema>;

/** The shop admin's approval: both prefilled with what was asked for, both sent. */
export const ApproveApplicationFormSchema = z.object({
  paymentTerms: PaymentTermsSchema,
  creditLimit: numberInput(ApproveApplicationSchema.shape.creditLimit.unwrap()),
});
export type ApproveApplicationFormValues = z.input<typeof ApproveApplicationFormSchema>;

export const DeclineApplicationSchema = z.object({
  reason: text('Reason', 500, { multiline: true }),
});

/**
 * What the signed-in member may still buy, shown at checkout before an order goes to approval
 * or is refused on credit. Dollars; `null` limits: none; `creditLeft` is `null` without terms.
 */
export const MyBuyingSchema = z.object({
  spendingLimitPerOrder: z.number().nullable(),
  spendingLimitPerMonth: z.number().nullable(),
  /** Their orders this month (UTC), cancelled, expired and rejected ones aside. */
  spentThisMonth: z.number(),
  /** The company's credit limit less its open invoices' balances, never below 0. */
  creditLeft: z.number().nullable(),
});
export type MyBuying = z.infer<typeof MyBuyingSchema>;

/** GET /company: the caller's company and role, or their latest application when they have none. */
export const MyCompanySchema = z.object({
  company: CompanyDetailSchema.nullable(),
  role: CompanyRoleSchema.nullable(),
  application: TradeApplicationSchema.nullable(),
  /** A member's own limits, month's spend and the company's credit left; absent otherwise. */
  buying: MyBuyingSchema.optional(),
});
export type MyCompany = z.infer<typeof MyCompanySchema>;
