import type { Config } from '../../config.js';
import { splitLines, type InvoiceParties } from '../../domain/invoice-snapshot.js';
import { isEuCountry } from '../../domain/eu-vat-rates.js';
import type {
  TaxName,
  CreditNoteSnapshot,
  InvoiceSnapshot,
  OrderRecord,
  ProfileRecord,
} from '../../store/store.js';

/** The profile's own address (street, city, state, postal code, country); empty without a street. */
function profileAddress(profile: ProfileRecord | null): string[] {
  const street = profile?.street_address.trim();
  if (!profile || !street) return [];
  const region = [profile.state.trim(), profile.postal_code.trim()].filter(Boolean).join(' ');
  const place = [profile.city.trim(), region].filter(Boolean).join(', ');
  return [...splitLines(street), place, profile.country.trim()].filter(Boolean);
}

/** VAT in the EU, sales tax in the US, plain "Tax" for a shop with one rate or elsewhere. */
const taxNameOf = (country: string | undefined): TaxName =>
  country === undefined
    ? 'Tax'
    : isEuCountry(country)
      ? 'VAT'
      : country === 'US'
        ? 'Sales tax'
        : 'Tax';

/**
 * What an invoice prints beside its order, as things are now: the seller from config; the
 * buyer's company, VAT id and billing address from their profile (the order's delivery address
 * when the profile has none).
 */
export function invoiceParties(
  profile: ProfileRecord | null,
  config: Pick<Config, 'invoice' | 'payments' | 'tax'>,
): InvoiceParties {
  const { seller } = config.tax;
  const company = profile?.company_name.trim();
  const vatId = profile?.vat_id.trim();
  return {
    seller: {
      name: config.invoice.sellerName,
      address: splitLines(config.invoice.sellerAddress),
      ...(config.invoice.sellerTaxId && { taxId: config.invoice.sellerTaxId }),
      ...(seller.vatId && { vatId: seller.vatId }),
    },
    buyer: {
      ...(profile?.name && { name: profile.name }),
      ...(company && { company }),
      ...(vatId && { vatId }),
      billingAddress: profileAddress(profile),
    },
    taxRatePercent: config.invoice.taxRatePercent,
    taxName: taxNameOf(seller.country),
    currency: config.payments.currency.toUpperCase(),
  };
}

/**
 * The credit note of a (full) refund: the invoice's parties, lines and amounts as issued, with
 * the refund's date, id and reason from the order.
 */
export function creditNoteSnapshot(
  invoiceNumber: string,
  invoice: InvoiceSnapshot,
  order: Pick<OrderRecord, 'refundedAt' | 'refundId' | 'refundReason'>,
): CreditNoteSnapshot {
  const { paidAt: _paidAt, transactionId: _transactionId, ...issued } = invoice;
  const reason = order.refundReason?.trim();
  return {
    ...issued,
    invoiceNumber,
    refundedAt: order.refundedAt ?? new Date().toISOString(),
    ...(order.refundId && { refundId: order.refundId }),
    ...(reason && { reason }),
  };
}
