// The documents process (documents-process.ts forks it): it loads the XML Schemas, the
// Schematron rules and the PDF fonts once, then answers each request it is sent, in turn.
import { validateEInvoice } from '../einvoice/validate.js';
import type { DocumentsAnswer, DocumentsRequest } from './documents-process.js';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.js';

async function answer(request: DocumentsRequest): Promise<DocumentsAnswer> {
  switch (request.kind) {
    case 'validate':
      return { id: request.id, report: await validateEInvoice(request.xml, request.target) };
    case 'invoice-pdf':
      return {
        id: request.id,
        pdf: await renderInvoicePdf(request.record, { facturX: { xml: request.xml } }),
      };
    case 'credit-note-pdf':
      return {
        id: request.id,
        pdf: await renderCreditNotePdf(request.record, { facturX: { xml: request.xml } }),
      };
  }
}

process.on('message', (request: DocumentsRequest) => {
  answer(request).then(
    (done) => process.send?.(done),
    (err: unknown) => process.send?.({ id: request.id, error: String(err) }),
  );
});
// The server went away (or closed the channel): nothing more to do.
process.on('disconnect', () => process.exit(0));
