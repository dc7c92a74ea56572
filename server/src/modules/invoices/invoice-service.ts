import type { Config } from '../../config.js';
import { mailOrderFromRecord, type MailOrder } from '../../domain/mail-order.js';
import type {
  CompanyRecord,
  CreditNoteRecord,
  CreditNoteSnapshot,
  EInvoiceFormat,
  FailedDocumentKind,
  Id,
  InvoiceRecord,
  InvoiceSnapshot,
  OrderRecord,
  OutboxAttachmentRef,
  RefundRecord,
  Store,
} from '../../store/store.js';
import { creditForLines, creditForSum } from '../../domain/refunds.js';
import { invoiceSnapshot } from '../../domain/invoice-snapshot.js';
import type { EInvoiceContext } from '../../domain/einvoice.js';
import {
  eInvoiceXml,
  type EInvoiceSyntax,
  type ValidationReport,
  type ValidationTarget,
} from '../einvoice/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import { sharedDocumentsProcess } from './documents-process.js';
import { creditNoteSnapshot, invoiceParties } from './snapshots.js';

type IssuedInvoice = InvoiceRecord & { snapshot: InvoiceSnapshot };

export interface MadePdf {
  number: string;
  pdf: Buffer;
}

export interface MadeXml {
  number: string;
  xml: string;
}

/** A file for an email, as the mail transport takes it. */
export interface MadeAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

type InvoiceStore = Pick<
  Store,
  'orders' | 'invoices' | 'creditNotes' | 'profiles' | 'companies' | 'failedDocuments' | 'refunds'
>;

/** A buyer with no company (or a company from before issue 52) gets Factur-X. */
const DEFAULT_FORMAT: EInvoiceFormat = 'facturx';

/** What the number of a document not yet issued reads in the XML checked before it is. */
const PROVISIONAL_NUMBER = 'PROVISIONAL';

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
  /** Where a document that fails its rules is reported; the shop's logger. */
  logger?: Pick<Logger, 'error'>;
  /**
   * Checks a document's e-invoice before it is numbered: by default in this process's documents
   * child (documents-process.ts, which says why it is a child process; it also draws the PDFs).
   */
  validate?: (xml: string, target: ValidationTarget) => Promise<ValidationReport>;
}) {
  const { store, config } = deps;
  const now = deps.now ?? (() => new Date());
  const validate =
    deps.validate ?? ((xml, target) => sharedDocumentsProcess().validate(xml, target));

  /** What the e-invoice says beside the snapshot: the seller's contact, from the settings. */
  const eInvoiceContext = (extra: Partial<EInvoiceContext> = {}): EInvoiceContext => ({
    ...(config.tax.seller.country && { sellerCountry: config.tax.seller.country }),
    sellerEmail: config.invoice.sellerEmail,
    ...(config.invoice.sellerPhone && { sellerPhone: config.invoice.sellerPhone }),
    ...extra,
  });

  /**
   * The company the order was placed for, as it is now: its e-invoice format and buyer reference
   * are read when a document is made (a download, an email's attachment), not frozen at issue,
   * so a Leitweg-ID set after the order still routes its invoice. The snapshot holds everything
   * the invoice says about the sale; BT-10 is only where the buyer files it. An order placed
   * with no company (a consumer's, or a member's before they joined) has none: the buyer's
   * company today is not who that invoice was made out to.
   */
  const companyOf = async (order: Pick<OrderRecord, 'companyId'> | null) =>
    order?.companyId ? store.companies.get(order.companyId) : null;

  /** BT-10 from the company; without one the model takes the PO reference, then the order. */
  const buyerContext = (company: CompanyRecord | null): Partial<EInvoiceContext> =>
    company?.buyerReference ? { buyerReference: company.buyerReference } : {};

  /**
   * The Factur-X XML inside the PDF: the document as issued (EN 16931 profile, CII), so that it
   * says what the page prints.
   */
  const facturX = (document: InvoiceRecord | CreditNoteRecord, company: CompanyRecord | null) =>
    eInvoiceXml(document, document.snapshot!, eInvoiceContext(buyerContext(company)), {
      syntax: 'cii',
      profile: 'en16931',
    });

  // Drawn in the documents child, with its fonts (documents-process.ts).
  const renderInvoice = (invoice: IssuedInvoice, company: CompanyRecord | null) =>
    sharedDocumentsProcess().invoicePdf(invoice, facturX(invoice, company));
  const renderCreditNote = (note: CreditNoteRecord, company: CompanyRecord | null) =>
    sharedDocumentsProcess().creditNotePdf(note, facturX(note, company));

  /**
   * "Validated before a number is spent" (issue 52): the document's Factur-X CII (EN 16931) with
   * a provisional number (the number is plain text to the rules) goes through the official XML
   * Schema and Schematron. One that fails is not issued: the fault is logged with its rules and
   * kept as a failed document for the admin, and the caller gets a DOCUMENT_NOT_ISSUED error.
   */
  async function checkBeforeIssue(
    orderId: Id,
    kind: FailedDocumentKind,
    snapshot: InvoiceSnapshot | CreditNoteSnapshot,
  ): Promise<void> {
    const at = now().toISOString();
    const xml = eInvoiceXml(
      { number: PROVISIONAL_NUMBER, issuedAt: at },
      snapshot,
      eInvoiceContext(),
      {
        syntax: 'cii',
        profile: 'en16931',
      },
    );
    let errors: { rule: string; text: string }[];
    let status = 422;
    try {
      const report = await validate(xml, { syntax: 'cii', document: kind, xrechnung: false });
      if (report.valid) return;
      errors = report.errors.map(({ rule, text }) => ({ rule, text }));
    } catch (err) {
      // The check could not run (the validator died or timed out): not issued either.
      status = 503;
      errors = [{ rule: 'VALIDATOR', text: err instanceof Error ? err.message : String(err) }];
    }
    const failed = await store.failedDocuments.recordFailure(orderId, kind, errors, at);
    deps.logger?.error(
      { orderId, kind, rules: errors.map((e) => e.rule), errors, attempts: failed.attempts },
      `the ${kind} was not issued: its e-invoice failed validation`,
    );
    const what = kind === 'invoice' ? 'invoice' : 'credit note';
    throw new AppError(
      'DOCUMENT_NOT_ISSUED',
      `The ${what} could not be issued: its e-invoice did not pass the EN 16931 checks. The shop has been told and will issue it once this is fixed.`,
      status,
      { kind, errors },
    );
  }

  /** Numbers the order's invoice (once) with its snapshot taken now, if its e-invoice is valid. */
  async function issueInvoice(order: MailOrder, paidAt: string): Promise<IssuedInvoice> {
    const existing = await store.invoices.get(order._id);
    if (existing?.snapshot) return existing as IssuedInvoice;
    const profile = await store.profiles.get(order.userEmail);
    const snapshot = invoiceSnapshot(order, invoiceParties(profile, config), paidAt);
    await checkBeforeIssue(order._id, 'invoice', snapshot);
    const invoice = await store.invoices.assign(order._id, paidAt, snapshot, now().toISOString());
    await store.failedDocuments.clear(order._id, 'invoice');
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

  /**
   * What a refund's credit note prints (issue 53): all of the invoice when it gives back the
   * whole total; else the refunded lines and units when they price to its amount; else one line
   * "Refund: <reason>" per tax category and rate, the sum split as the invoice charged them.
   */
  function refundSnapshot(
    invoice: IssuedInvoice,
    order: OrderRecord,
    refund: RefundRecord,
  ): CreditNoteSnapshot {
    const reason = refund.reason?.trim();
    const refundFacts = {
      refundedAt: refund.createdAt,
      ...(refund.gatewayRefundId && { refundId: refund.gatewayRefundId }),
      ...(refund.reference && !refund.gatewayRefundId && { refundId: refund.reference }),
      ...(reason && { reason }),
    };
    const whole = creditNoteSnapshot(invoice.number, invoice.snapshot, order);
    if (refund.amountCents === invoice.snapshot.totalCents) return { ...whole, ...refundFacts };
    const picks = refund.lines.flatMap((line) => {
      const index = order.items.findIndex((item) => item.toolId === line.toolId);
      return index >= 0 && invoice.snapshot.lines[index]
        ? [{ index, quantity: line.quantity }]
        : [];
    });
    const byLines = picks.length ? creditForLines(invoice.snapshot, picks) : null;
    const amounts =
      byLines && byLines.totalCents === refund.amountCents
        ? byLines
        : creditForSum(
            invoice.snapshot,
            refund.amountCents,
            reason ? `Refund: ${reason}` : 'Refund',
          );
    const { taxBreakdown: _breakdown, refundId: _id, reason: _reason, ...kept } = whole;
    return { ...kept, ...amounts, ...refundFacts };
  }

  /** The credit note of one refund or credit, numbered once its e-invoice passes the rules. */
  async function creditNoteForRefund(
    order: OrderRecord,
    refund: RefundRecord,
  ): Promise<CreditNoteRecord | null> {
    const invoice = await invoiceFor(order);
    if (!invoice) return null;
    const snapshot = refundSnapshot(invoice, order, refund);
    await checkBeforeIssue(order._id, 'credit-note', snapshot);
    const note = await store.creditNotes.issue(
      order._id,
      snapshot,
      now().toISOString(),
      refund._id,
    );
    await store.failedDocuments.clear(order._id, 'credit-note');
    return note;
  }

  /**
   * An order's latest credit note, each of its refunds' issued first if it has none yet (normally
   * each is issued when recorded); a whole refund from before issue 53 gets its one note.
   */
  async function creditNoteFor(order: OrderRecord): Promise<CreditNoteRecord | null> {
    const refunds = await store.refunds.listByOrder(order._id);
    if (refunds.length) {
      const issued = new Set(
        (await store.creditNotes.listByOrder(order._id)).map((note) => note.refundId),
      );
      for (const refund of refunds)
        if (!issued.has(refund._id)) await creditNoteForRefund(order, refund);
      return store.creditNotes.get(order._id);
    }
    const existing = await store.creditNotes.get(order._id);
    if (existing) return existing;
    if (order.status !== 'refunded') return null;
    const invoice = await invoiceFor(order);
    if (!invoice) return null;
    const snapshot = creditNoteSnapshot(invoice.number, invoice.snapshot, order);
    await checkBeforeIssue(order._id, 'credit-note', snapshot);
    const note = await store.creditNotes.issue(order._id, snapshot, now().toISOString());
    await store.failedDocuments.clear(order._id, 'credit-note');
    return note;
  }

  async function invoicePdf(order: OrderRecord): Promise<MadePdf | null> {
    const invoice = await invoiceFor(order);
    if (!invoice) return null;
    return {
      number: invoice.number,
      pdf: await renderInvoice(invoice, await companyOf(order)),
    };
  }

  async function creditNotePdf(order: OrderRecord): Promise<MadePdf | null> {
    const note = await creditNoteFor(order);
    if (!note) return null;
    return { number: note.number, pdf: await renderCreditNote(note, await companyOf(order)) };
  }

  /**
   * The order's invoice as XRechnung 3.0 XML. An invoice on terms says what has been received
   * against it so far (BT-113), so its amount due is the balance.
   */
  async function invoiceXml(order: OrderRecord, syntax: EInvoiceSyntax): Promise<MadeXml | null> {
    const invoice = await invoiceFor(order);
    if (!invoice) return null;
    return {
      number: invoice.number,
      xml: await xrechnungOfInvoice(invoice, syntax, await companyOf(order)),
    };
  }

  async function xrechnungOfInvoice(
    invoice: IssuedInvoice,
    syntax: EInvoiceSyntax,
    company: CompanyRecord | null,
  ): Promise<string> {
    const onTerms = invoice.snapshot.terms && (await store.invoices.getOnTerms(invoice.number));
    const context = eInvoiceContext({
      ...buyerContext(company),
      ...(onTerms && { paidCents: onTerms.paidCents }),
    });
    return eInvoiceXml(invoice, invoice.snapshot, context, { syntax, profile: 'xrechnung' });
  }

  const xrechnungOfCreditNote = (
    note: CreditNoteRecord,
    syntax: EInvoiceSyntax,
    company: CompanyRecord | null,
  ) =>
    eInvoiceXml(note, note.snapshot, eInvoiceContext(buyerContext(company)), {
      syntax,
      profile: 'xrechnung',
    });

  async function creditNoteXml(
    order: OrderRecord,
    syntax: EInvoiceSyntax,
  ): Promise<MadeXml | null> {
    const note = await creditNoteFor(order);
    if (!note) return null;
    return {
      number: note.number,
      xml: xrechnungOfCreditNote(note, syntax, await companyOf(order)),
    };
  }

  /**
   * The admin's retry of an order's failed documents: each is issued now if its e-invoice passes
   * (the invoice before its credit note), else DOCUMENT_NOT_ISSUED with the errors. A document
   * the order no longer calls for (say, its refund was undone) is forgotten.
   */
  async function retryFailed(
    orderId: Id,
  ): Promise<{ kind: FailedDocumentKind; number: string }[] | null> {
    const kinds = ['invoice', 'credit-note'] as const;
    const failed = await Promise.all(kinds.map((kind) => store.failedDocuments.get(orderId, kind)));
    if (!failed.some(Boolean)) return null;
    const order = await store.orders.get(orderId);
    const issued: { kind: FailedDocumentKind; number: string }[] = [];
    for (const record of failed) {
      if (!record) continue;
      const made = !order
        ? null
        : record.kind === 'invoice'
          ? await invoiceFor(order)
          : await creditNoteFor(order);
      if (made) issued.push({ kind: record.kind, number: made.number });
      else await store.failedDocuments.clear(orderId, record.kind);
    }
    return issued;
  }

  /**
   * An email's files for a document, in the format its company chose, decided now (the outbox
   * row holds only the reference): `facturx` and `pdf` the PDF (one file: it is the Factur-X
   * hybrid either way, and a PDF reader shows just the page), an XRechnung format its XML and
   * the PDF to read.
   */
  const filesFor = async (
    number: string,
    company: CompanyRecord | null,
    pdf: () => Promise<Buffer>,
    xml: (syntax: EInvoiceSyntax) => Promise<string> | string,
  ): Promise<MadeAttachment[]> => {
    const format = company?.eInvoiceFormat ?? DEFAULT_FORMAT;
    const files: MadeAttachment[] = [];
    if (format === 'xrechnung-ubl' || format === 'xrechnung-cii') {
      const syntax = format === 'xrechnung-ubl' ? 'ubl' : 'cii';
      files.push({
        filename: `${number}-xrechnung-${syntax}.xml`,
        content: Buffer.from(await xml(syntax), 'utf8'),
        contentType: 'application/xml',
      });
    }
    files.push({ filename: `${number}.pdf`, content: await pdf(), contentType: 'application/pdf' });
    return files;
  };

  /** A credit note by its number with its order, for the routes that check who may read it. */
  async function creditNoteByNumber(number: string) {
    const note = await store.creditNotes.getByNumber(number);
    const order = note && (await store.orders.get(note.orderId));
    return note && order ? { note, order } : null;
  }

  return {
    issueInvoice,
    invoiceFor,
    creditNoteFor,
    creditNoteForRefund,
    creditNoteByNumber,
    async creditNotePdfOf(note: CreditNoteRecord, order: OrderRecord): Promise<MadePdf> {
      return { number: note.number, pdf: await renderCreditNote(note, await companyOf(order)) };
    },
    async creditNoteXmlOf(
      note: CreditNoteRecord,
      order: OrderRecord,
      syntax: EInvoiceSyntax,
    ): Promise<MadeXml> {
      return {
        number: note.number,
        xml: xrechnungOfCreditNote(note, syntax, await companyOf(order)),
      };
    },
    retryFailed,
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

    /**
     * For the mail sender: the stored document's files in its company's format (`filesFor`);
     * null when there is no document.
     */
    async attachment(ref: OutboxAttachmentRef): Promise<MadeAttachment[] | null> {
      const order = await store.orders.get(ref.orderId);
      const company = await companyOf(order);
      if (ref.kind === 'credit-note') {
        const note = await store.creditNotes.get(ref.orderId);
        if (!note) return null;
        return filesFor(
          note.number,
          company,
          () => renderCreditNote(note, company),
          (syntax) => xrechnungOfCreditNote(note, syntax, company),
        );
      }
      const stored = await store.invoices.get(ref.orderId);
      if (!stored) return null;
      // Queued before migration 013: freeze it now, as a download would.
      const invoice = stored.snapshot
        ? (stored as IssuedInvoice)
        : order && (await invoiceFor(order));
      if (!invoice) return null;
      return filesFor(
        invoice.number,
        company,
        () => renderInvoice(invoice, company),
        (syntax) => xrechnungOfInvoice(invoice, syntax, company),
      );
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
