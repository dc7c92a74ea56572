/**
 * Invoices and credit notes that could not be issued (issue 52): their EN 16931 XML failed the
 * official rules before a number was taken. One record per order and kind; a later successful
 * issue clears it. The admin lists them (Failed documents) and retries.
 */

import type { Id } from './common.js';

export type FailedDocumentKind = 'invoice' | 'credit-note';

export interface FailedDocumentError {
  /** The rule's id (`BR-S-02`), `XSD` for the schema, `VALIDATOR` when the check itself failed. */
  rule: string;
  text: string;
}

export interface FailedDocumentRecord {
  orderId: Id;
  kind: FailedDocumentKind;
  /** The last attempt's errors. */
  errors: FailedDocumentError[];
  firstAttemptAt: string;
  lastAttemptAt: string;
  attempts: number;
}

export interface FailedDocumentsRepo {
  /** Records an attempt that failed: a new record, or the existing one's count and errors. */
  recordFailure(
    orderId: Id,
    kind: FailedDocumentKind,
    errors: FailedDocumentError[],
    at: string,
  ): Promise<FailedDocumentRecord>;
  /** The document was issued: forget its failures (nothing when there were none). */
  clear(orderId: Id, kind: FailedDocumentKind): Promise<void>;
  /** Newest attempt first. */
  list(limit: number): Promise<FailedDocumentRecord[]>;
  get(orderId: Id, kind: FailedDocumentKind): Promise<FailedDocumentRecord | null>;
}
