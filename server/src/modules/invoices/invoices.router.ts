import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { OrderIdParamsSchema } from '@toolworks/contract/orders';
import { CompanyIdParamsSchema } from '@toolworks/contract/companies';
import {
  EInvoiceSyntaxQuerySchema,
  InvoiceNumberParamsSchema,
  ListInvoicesQuerySchema,
  RecordPaymentSchema,
} from '@toolworks/contract/invoices';
import { CreditNoteParamsSchema, CreditNoteXmlQuerySchema } from '@toolworks/contract/returns';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import { createOrderAccess } from '../../domain/order-access.js';
import { createInvoiceService, type MadePdf, type MadeXml } from './invoice-service.js';
import { createTermsInvoicesService } from './terms-invoices.service.js';

/**
 * A paid order's invoice and a refunded order's credit note as PDFs, for its owner, an admin, or
 * an approver or company-admin of the company it was placed for; invoices on payment terms: the
 * shop admin's list and payments received, a company-admin's company invoices, PDFs by number and
 * statements of account.
 */
export function invoicesRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & { now: () => Date },
): Router {
  const invoices = createInvoiceService(deps);
  const access = createOrderAccess(deps.store);
  const terms = createTermsInvoicesService(deps);
  const router = Router();
  const signedIn = requireUser(deps);
  const adminOnly = requireAdmin(deps);

  const sendCsv = (res: Response, { name, csv }: { name: string; csv: string }) =>
    res
      .set('Cache-Control', 'private, no-store')
      .set(
        'Content-Disposition',
        `attachment; filename="statement-${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.csv"`,
      )
      .type('text/csv')
      .send(csv);

  const sendStatementPdf = (res: Response, { name, pdf }: { name: string; pdf: Buffer }) =>
    res
      .set('Cache-Control', 'private, no-store')
      .set(
        'Content-Disposition',
        `attachment; filename="statement-${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.pdf"`,
      )
      .type('application/pdf')
      .send(pdf);

  const callersOrder = async (req: Request) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const caller = currentUser(req);
    const order = await deps.store.orders.get(id);
    // Someone else's order answers like a missing one, as GET /order/{id} does; the approvers
    // and company-admins of a member's company see its orders' documents too.
    if (!order || !(await access.canSee(caller, order))) throw AppError.notFound('Order not found');
    return order;
  };

  const sendPdf = (res: Response, made: MadePdf) =>
    res
      .set('Cache-Control', 'private, no-store')
      .set('Content-Disposition', `attachment; filename="${made.number}.pdf"`)
      .type('application/pdf')
      .send(made.pdf);

  /** XRechnung 3.0, as UBL or CII: `INV-2027-000042-xrechnung-ubl.xml`. */
  const sendXml = (res: Response, made: MadeXml, syntax: string) =>
    res
      .set('Cache-Control', 'private, no-store')
      .set('Content-Disposition', `attachment; filename="${made.number}-xrechnung-${syntax}.xml"`)
      .type('application/xml; charset=utf-8')
      .send(made.xml);

  router.get('/order/:id/invoice.xml', signedIn, async (req, res) => {
    const { syntax } = parseQuery(EInvoiceSyntaxQuerySchema, req);
    const made = await invoices.invoiceXml(await callersOrder(req), syntax);
    if (!made) throw AppError.notFound('This order has no invoice: it is not paid');
    sendXml(res, made, syntax);
  });

  router.get('/order/:id/credit-note.xml', signedIn, async (req, res) => {
    const { syntax } = parseQuery(EInvoiceSyntaxQuerySchema, req);
    const made = await invoices.creditNoteXml(await callersOrder(req), syntax);
    if (!made) throw AppError.notFound('This order has no credit note: it is not refunded');
    sendXml(res, made, syntax);
  });

  router.get('/order/:id/invoice.pdf', signedIn, async (req, res) => {
    const made = await invoices.invoicePdf(await callersOrder(req));
    if (!made) throw AppError.notFound('This order has no invoice: it is not paid');
    sendPdf(res, made);
  });

  router.get('/order/:id/terms-invoice', signedIn, async (req, res) => {
    const invoice = await terms.forOrder(await callersOrder(req));
    res.set('Cache-Control', 'private, no-store').json(invoice);
  });

  router.get('/order/:id/credit-note.pdf', signedIn, async (req, res) => {
    const made = await invoices.creditNotePdf(await callersOrder(req));
    if (!made) throw AppError.notFound('This order has no credit note: it is not refunded');
    sendPdf(res, made);
  });

  /** A credit note by number (issue 53: an order may have several), for whoever sees its order. */
  const readableCreditNote = async (req: Request) => {
    const { number } = parseParams(CreditNoteParamsSchema, req);
    const found = await invoices.creditNoteByNumber(number);
    if (!found || !(await access.canSee(currentUser(req), found.order)))
      throw AppError.notFound('Credit note not found');
    return found;
  };
  router.get('/credit-notes/:number/pdf', signedIn, async (req, res) => {
    const { note, order } = await readableCreditNote(req);
    sendPdf(res, await invoices.creditNotePdfOf(note, order));
  });
  router.get('/credit-notes/:number/xml', signedIn, async (req, res) => {
    const { syntax } = parseQuery(CreditNoteXmlQuerySchema, req);
    const { note, order } = await readableCreditNote(req);
    sendXml(res, await invoices.creditNoteXmlOf(note, order, syntax), syntax);
  });

  router.get('/invoices', adminOnly, async (req, res) => {
    const query = parseQuery(ListInvoicesQuerySchema, req);
    res.set('Cache-Control', 'private, no-store').json(await terms.list(query));
  });
  router.post('/invoices/:number/payments', adminOnly, async (req, res) => {
    const { number } = parseParams(InvoiceNumberParamsSchema, req);
    const input = parseBody(RecordPaymentSchema, req);
    res.status(201).json(await terms.recordPayment(currentUser(req), number, input));
  });
  /** An invoice on terms by number, for whoever may read it (a company-admin, the admin). */
  const readableTermsOrder = async (req: Request) => {
    const { number } = parseParams(InvoiceNumberParamsSchema, req);
    const caller = currentUser(req);
    const invoice = await terms.readable(caller, number, async (orderId) => {
      const order = await deps.store.orders.get(orderId);
      return !!order && (await access.canSee(caller, order));
    });
    const order = await deps.store.orders.get(invoice.orderId);
    if (!order) throw AppError.notFound('Invoice not found');
    return order;
  };
  router.get('/invoices/:number/pdf', signedIn, async (req, res) => {
    const made = await invoices.invoicePdf(await readableTermsOrder(req));
    if (!made) throw AppError.notFound('Invoice not found');
    sendPdf(res, made);
  });
  router.get('/invoices/:number/xml', signedIn, async (req, res) => {
    const { syntax } = parseQuery(EInvoiceSyntaxQuerySchema, req);
    const made = await invoices.invoiceXml(await readableTermsOrder(req), syntax);
    if (!made) throw AppError.notFound('Invoice not found');
    sendXml(res, made, syntax);
  });
  router.get('/company/invoices', signedIn, async (req, res) => {
    res
      .set('Cache-Control', 'private, no-store')
      .json(await terms.forCompanyAdmin(currentUser(req)));
  });
  router.get('/company/statement.csv', signedIn, async (req, res) => {
    sendCsv(res, await terms.ownStatement(currentUser(req)));
  });
  router.get('/companies/:id/statement.csv', adminOnly, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    sendCsv(res, await terms.statement(id));
  });
  router.get('/company/statement.pdf', signedIn, async (req, res) => {
    sendStatementPdf(res, await terms.ownStatementPdf(currentUser(req)));
  });
  router.get('/companies/:id/statement.pdf', adminOnly, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    sendStatementPdf(res, await terms.statementPdf(id));
  });

  return router;
}
