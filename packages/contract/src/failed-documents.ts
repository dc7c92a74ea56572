import { z } from 'zod';
import { idSchema } from './fields.js';

/**
 * Invoices and credit notes that could not be issued (issue 52): their e-invoice failed the
 * EN 16931 checks before a number was taken. The admin lists them and retries
 * (GET /admin/failed-documents, POST /admin/failed-documents/:orderId/retry).
 */

export const FAILED_DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;
export type FailedDocumentKindWire = (typeof FAILED_DOCUMENT_KINDS)[number];

export const FailedDocumentErrorSchema = z.object({
  /** The rule's id (`BR-CO-26`), `XSD` for the schema, `VALIDATOR` when the check could not run. */
  rule: z.string(),
  text: z.string(),
});

export const FailedDocumentSchema = z.object({
  orderId: z.string(),
  /** The order's number as the buyer knows it; absent when the order is gone. */
  orderNumber: z.string().optional(),
  kind: z.enum(FAILED_DOCUMENT_KINDS),
  errors: z.array(FailedDocumentErrorSchema),
  attempts: z.number().int(),
  firstAttemptAt: z.string(),
  lastAttemptAt: z.string(),
});
export type FailedDocumentWire = z.infer<typeof FailedDocumentSchema>;
export const FailedDocumentListSchema = z.array(FailedDocumentSchema);

export const FailedDocumentParamsSchema = z.object({ orderId: idSchema });

/** What a successful retry issued: the invoice, the credit note, or both. */
export const RetryFailedDocumentResultSchema = z.object({
  issued: z.array(z.object({ kind: z.enum(FAILED_DOCUMENT_KINDS), number: z.string() })),
});
export type RetryFailedDocumentResult = z.infer<typeof RetryFailedDocumentResultSchema>;
