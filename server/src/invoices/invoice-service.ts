import type { Config } from '../config.js';
import { mailOrderFromRecord } from '../mail/mail-order.js';
import type { Id, InvoiceRecord, OrderRecord, Store } from '../store/store.js';
import { buildInvoiceView } from './invoice-view.js';

/**
 * pdfkit and its fonts take about 11 MB of memory once loaded (docs/performance.md): loaded on
 * the first invoice, not by every instance at start-up.
 */
async function renderInvoicePdf(view: ReturnType<typeof buildInvoiceView>): Promise<Buffer> {
  return (await import('./invoice-pdf.js')).renderInvoicePdf(view);
}

export interface InvoicePdf {
  invoice: InvoiceRecord;
  pdf: Buffer;
}

type InvoiceStore = Pick<Store, 'orders' | 'invoices' | 'profiles'>;

export function createInvoiceService(deps: {
  store: InvoiceStore;
  config: Pick<Config, 'invoice'>;
}) {
  const { store, config } = deps;

  /**
   * The order's invoice number, assigned on first call for a paid order. Normally `notify('paid')`
   * assigns it at payment; this also covers an order paid while the process died before that.
   */
  async function invoiceFor(order: OrderRecord): Promise<InvoiceRecord | null> {
    const existing = await store.invoices.get(order._id);
    if (existing) return existing;
    if (!order.isPaid) return null;
    return store.invoices.assign(order._id, order.paidAt ?? new Date().toISOString());
  }

  return {
    /** Assigns (once) the number of a paid order, at its payment time. */
    assign(orderId: Id, paidAt: string): Promise<InvoiceRecord> {
      return store.invoices.assign(orderId, paidAt);
    },

    invoiceFor,

    /** The PDF of a paid order's invoice, made from the order and profile as they are now. */
    async pdf(order: OrderRecord): Promise<InvoicePdf | null> {
      const invoice = await invoiceFor(order);
      if (!invoice) return null;
      const profile = await store.profiles.get(order.userEmail);
      const view = buildInvoiceView(invoice, mailOrderFromRecord(order), profile, config);
      return { invoice, pdf: await renderInvoicePdf(view) };
    },

    /** For the mail sender: null when the order is gone or has no invoice. */
    async pdfByOrderId(orderId: Id): Promise<InvoicePdf | null> {
      const [order, invoice] = await Promise.all([
        store.orders.get(orderId),
        store.invoices.get(orderId),
      ]);
      if (!order || !invoice) return null;
      const profile = await store.profiles.get(order.userEmail);
      const view = buildInvoiceView(invoice, mailOrderFromRecord(order), profile, config);
      return { invoice, pdf: await renderInvoicePdf(view) };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
