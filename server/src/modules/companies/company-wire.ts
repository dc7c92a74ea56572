import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import type {
  Company,
  CompanyInvitation,
  CompanyMember,
  SaveCompanySchema,
  TradeApplication,
} from '@toolworks/contract/companies';
import type { z } from 'zod';
import { deliveryAddressId } from '../../domain/delivery-address-id.js';
import type {
  CompanyInput,
  CompanyInvitationRecord,
  CompanyMemberRecord,
  CompanyPricingRecord,
  CompanyRecord,
  TradeApplicationRecord,
} from '../../store/store.js';

export const toCompanyInput = (input: z.output<typeof SaveCompanySchema>): CompanyInput => ({
  name: input.name,
  vatId: input.vatId,
  billingAddress: input.billingAddress,
  deliveryAddresses: input.deliveryAddresses,
  paymentTerms: input.paymentTerms,
  creditLimitCents: dollarsToCents(input.creditLimit),
  ...(input.eInvoiceFormat !== undefined && { eInvoiceFormat: input.eInvoiceFormat }),
  ...(input.buyerReference !== undefined && { buyerReference: input.buyerReference }),
});

/** A company made just now has no price lists and the default policy. */
const NO_PRICE_LISTS: CompanyPricingRecord = { priceListIds: [], pricePolicy: 'lowest' };

export const toCompanyWire = (
  company: CompanyRecord,
  pricing: CompanyPricingRecord = NO_PRICE_LISTS,
): Company => ({
  _id: company._id,
  name: company.name,
  vatId: company.vatId,
  vatStatus: company.vatStatus,
  ...(company.vatEvidence && { vatEvidence: company.vatEvidence }),
  ...(company.vatCheckDueAt && { vatCheckDueAt: company.vatCheckDueAt }),
  ...(company.vatLastError && { vatLastError: company.vatLastError }),
  ...(company.vatManualVerification && {
    vatManualVerification: company.vatManualVerification,
  }),
  billingAddress: company.billingAddress,
  deliveryAddresses: company.deliveryAddresses.map((address) => ({
    _id: deliveryAddressId(address),
    label: address.label,
    address: address.address,
  })),
  paymentTerms: company.paymentTerms,
  creditLimit: centsToDollars(company.creditLimitCents),
  eInvoiceFormat: company.eInvoiceFormat,
  ...(company.buyerReference && { buyerReference: company.buyerReference }),
  memberCount: company.memberCount,
  priceListIds: pricing.priceListIds,
  pricePolicy: pricing.pricePolicy,
  createdAt: company.createdAt,
  updatedAt: company.updatedAt,
});

const limit = (cents: number | undefined) => (cents === undefined ? null : centsToDollars(cents));

export const toMemberWire = (member: CompanyMemberRecord): CompanyMember => ({
  email: member.email,
  ...(member.name !== undefined && { name: member.name }),
  role: member.role,
  spendingLimitPerOrder: limit(member.spendingLimitPerOrderCents),
  spendingLimitPerMonth: limit(member.spendingLimitPerMonthCents),
  joinedAt: member.joinedAt,
});

export const toInvitationWire = (invitation: CompanyInvitationRecord): CompanyInvitation => ({
  _id: invitation._id,
  email: invitation.email,
  role: invitation.role,
  invitedBy: invitation.invitedBy,
  expiresAt: invitation.expiresAt,
  createdAt: invitation.createdAt,
});

export const toApplicationWire = (application: TradeApplicationRecord): TradeApplication => {
  const { _id, requestedCreditLimitCents, ...rest } = application;
  return { _id, ...rest, requestedCreditLimit: centsToDollars(requestedCreditLimitCents) };
};
