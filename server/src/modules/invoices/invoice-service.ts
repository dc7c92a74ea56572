import type { Config } from '../../config.js';
import { mailOrderFromRecord, type MailOrder } from '../../domain/mail-order.js';
import type {
  CreditNoteRecord,
  Id,
  InvoiceRecord,
  InvoiceSnapshot,
  OrderRecord,
  OutboxAttachmentRef,
  Store,
} from '../../store/store.js';
import { invoiceSnapshot } from '../../domain/invoice-snapshot.js';
import type { EInvoiceContext } from '../../domain/einvoice.js';
import { eInvoiceXml, type EInvoiceSyntax } from '../einvoice/index.js';
import { creditNoteSnapshot, invoiceParties } from './snapshots.js';

/**
 * pdfkit and its fonts take about 11 MB of memory once loaded (docs/performance.md): loaded on
 * the first document, not by every instance at start-up.
 */
const pdfModule = () => import('./invoice-pdf.js');

type IssuedInvoice = InvoiceRecord & { snapshot: InvoiceSnapshot };

export interface MadePdf {
  number: string;
  pdf: Buffer;
}

export interface MadeXml {
  number: string;
  xml: string;
}

type InvoiceStore = Pick<Store, 'orders' | 'invoices' | 'creditNotes' | 'profiles'>;

/**
 * Invoices and credit notes. Each is numbered once, with a snapshot of everything it prints,
 * and every PDF (download or email attachment) is drawn from that snapshot only: editing the
 * profile or removing the account later changes nothing already issued.
 */
export function createInvoiceService(deps: {
  store: InvoiceStore;
  config: Pick<Config, 'invoice' | 'payments' | 'tax'>;
  /** The shop's clock (a test clock in the browser journeys): what an invoice says it was issued. */
  now?: () => Date;
}) {
  const { store, config } = deps;
  const now = deps.now ?? (() => new Date());

  /** What the e-invoice says beside the snapshot: the seller's contact, from the settings. */
  const eInvoiceContext = (extra: Partial<EInvoiceContext> = {}): EInvoiceContext => ({
    ...(config.tax.seller.country && { sellerCountry: config.tax.seller.country }),
    sellerEmail: config.invoice.sellerEmail,
    ...(config.invoice.sellerPhone && { sellerPhone: config.invoice.sellerPhone }),
    ...extra,
  });

  /**
   * The Factur-X XML inside the PDF: the document as issued (EN 16931 profile, CII), so that it
   * says what the page prints.
   */
  const facturX = (document: InvoiceRecord | CreditNoteRecord) => ({
    facturX: {
      xml: eInvoiceXml(document, document.snapshot!, eInvoiceContext(), {
        syntax: 'cii',
        profile: 'en16931',
      }),
    },
  });

  const renderInvoice = async (invoice: IssuedInvoice) =>
    (await pdfModule()).renderInvoicePdf(invoice, facturX(invoice));
  const renderCreditNote = async (note: CreditNoteRecord) =>
    (await pdfModule()).renderCreditNotePdf(note, facturX(note));

  /** Numbers the order's invoice (once) with its snapshot taken now. */
  async function issueInvoice(order: MailOrder, paidAt: string): Promise<IssuedInvoice> {
    const profile = await store.profiles.get(order.userEmail);
    const invoice = await store.invoices.assign(
      order._id,
      paidAt,
      invoiceSnapshot(order, invoiceParties(profile, config), paidAt),
      now().toISOString(),
    );
    return invoice as IssuedInvoice;
  }

  /**
   * The order's invoice. Normally `notify('paid')` issues it at payment; this also covers an
   * order paid while the process died before that, and freezes an invoice issued before
   * snapshots existed (migration 013) the first time it is read.
   */
  async function invoiceFor(order: OrderRecord): Promise<IssuedInvoice | null> {
    const existing = await store.invoices.get(order._id);
    if (existing?.snapshot) return existing as IssuedInvoice;
    if (!existing && !order.isPaid) return null;
    const paidAt = existing?.paidAt ?? order.paidAt ?? now().toISOString();
    return issueInvoice(mailOrderFromRecord(order), paidAt);
  }

  /** A refunded order's credit note, issued on the first call (normally by the refund's email). */
  async function creditNoteFor(order: OrderRecord): Promise<CreditNoteRecord | null> {
    const existing = await store.creditNotes.get(order._id);
    if (existing) return existing;
    if (order.status !== 'refunded') return null;
    const invoice = await invoiceFor(order);
    if (!invoice) return null;
    return store.creditNotes.issue(
      order._id,
      creditNoteSnapshot(invoice.number, invoice.snapshot, order),
      now().toISOString(),
    );
  }

  async function invoicePdf(order: OrderRecord): Promise<MadePdf | null> {
    const invoice = await invoiceFor(order);
    if (!invoice) return null;
    return { number: invoice.number, pdf: await renderInvoice(invoice) };
  }

  async function creditNotePdf(order: OrderRecord): Promise<MadePdf | null> {
    const note = await creditNoteFor(order);
    if (!note) return null;
    return { number: note.number, pdf: await renderCreditNote(note) };
  }

  /**
   * The order's invoice as XRechnung 3.0 XML. An invoice on terms says what has been received
   * against it so far (BT-113), so its amount due is the balance.
   */
  async function invoiceXml(order: OrderRecord, syntax: EInvoiceSyntax): Promise<MadeXml | null> {
    const invoice = await invoiceFor(order);
    if (!invoice) return null;
    const onTerms = invoice.snapshot.terms && (await store.invoices.getOnTerms(invoice.number));
    const context = eInvoiceContext(onTerms ? { paidCents: onTerms.paidCents } : {});
    return {
      number: invoice.number,
      xml: eInvoiceXml(invoice, invoice.snapshot, context, { syntax, profile: 'xrechnung' }),
    };
  }

  async function creditNoteXml(
    order: OrderRecord,
    syntax: EInvoiceSyntax,
  ): Promise<MadeXml | null> {
    const note = await creditNoteFor(order);
    if (!note) return null;
    return {
      number: note.number,
      xml: eInvoiceXml(note, note.snapshot, eInvoiceContext(), { syntax, profile: 'xrechnung' }),
    };
  }

  return {
    issueInvoice,
    invoicePdf,
    creditNotePdf,
    invoiceXml,
    creditNoteXml,

    /** For the refund email: the credit note of a refunded order, null otherwise. */
    async creditNoteById(orderId: Id): Promise<CreditNoteRecord | null> {
      const existing = await store.creditNotes.get(orderId);
      if (existing) return existing;
      const order = await store.orders.get(orderId);
      return order ? creditNoteFor(order) : null;
    },

    /** For the mail sender: the stored document's PDF; null when there is none. */
    async attachment(ref: OutboxAttachmentRef): Promise<MadePdf | null> {
      if (ref.kind === 'credit-note') {
        const note = await store.creditNotes.get(ref.orderId);
        return note ? { number: note.number, pdf: await renderCreditNote(note) } : null;
      }
      const invoice = await store.invoices.get(ref.orderId);
      if (invoice?.snapshot)
        return { number: invoice.number, pdf: await renderInvoice(invoice as IssuedInvoice) };
      // Queued before migration 013: freeze it now, as a download would.
      const order = invoice && (await store.orders.get(ref.orderId));
      return order ? invoicePdf(order) : null;
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
