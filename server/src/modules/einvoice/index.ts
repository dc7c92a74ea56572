// The e-invoices module's public face (issue 52): an issued invoice or credit note as EN 16931
// XML, from its snapshot (domain/einvoice.ts): CII or UBL, Factur-X's EN 16931 profile or
// XRechnung 3.0 (validate.ts runs the official rules on it).
import { eInvoiceOf, type EInvoiceContext, type IssuedDocument } from '../../domain/einvoice.js';
import type { CreditNoteSnapshot, InvoiceSnapshot } from '../../store/store.js';
import { ciiXml } from './cii.js';
import type { EInvoiceProfile } from './profiles.js';
import { ublXml } from './ubl.js';
import type { EInvoiceSyntax } from './validate.js';

export type { EInvoiceProfile, EInvoiceSyntax };

export function eInvoiceXml(
  document: IssuedDocument,
  snapshot: InvoiceSnapshot | CreditNoteSnapshot,
  context: EInvoiceContext,
  format: { syntax: EInvoiceSyntax; profile: EInvoiceProfile },
): string {
  const model = eInvoiceOf(document, snapshot, context);
  return (format.syntax === 'cii' ? ciiXml : ublXml)(model, format.profile);
}

export type { RuleFinding, ValidationReport, ValidationTarget } from './validate.js';
