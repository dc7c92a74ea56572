import type { VatIdStatus } from './tax.js';
import { isViesVatId } from './vat-id.js';

/**
 * When a company's VAT ID is verified with VIES (issue 51): a new ID is checked at once, an
 * answer VIES could not give is tried again later, a valid one again every month. Pure: both
 * storage adapters and the sweep read the schedule from here.
 */

const MINUTE = 60_000;
/** After the 1st, 2nd... fault in a row; the last step repeats. */
export const VAT_RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
/** A valid ID is asked about again after this long (it may have been withdrawn). */
export const VAT_RECHECK_MS = 30 * 24 * 60 * MINUTE;

/** The state of a company whose VAT ID was just entered or changed. */
export function vatStateOnSave(vatId: string, now: string) {
  return isViesVatId(vatId)
    ? { status: 'pending' as const, checkDueAt: now }
    : { status: 'unchecked' as const, checkDueAt: undefined };
}

export type VatAnswer =
  | { kind: 'valid'; evidence: VatEvidence }
  | { kind: 'invalid'; evidence: VatEvidence }
  | { kind: 'unavailable'; error: string };

export interface VatEvidence {
  /** VIES's consultation number: the proof of the check (only when the shop names itself). */
  requestIdentifier?: string;
  name?: string;
  address?: string;
  requestDate?: string;
  checkedAt: string;
}

export interface VatCheckResult {
  status: VatIdStatus;
  /** Absent: keep the evidence of the last answer. */
  evidence?: VatEvidence;
  checkDueAt?: string;
  /** Faults in a row so far. */
  attempts: number;
  lastError?: string;
}

const later = (now: string, ms: number) => new Date(Date.parse(now) + ms).toISOString();

/**
 * What one answer from VIES makes of the company. A fault is "try later", never "invalid"; a
 * valid ID whose monthly re-check meets a fault stays valid while it is retried.
 */
export function vatCheckResult(
  previous: { status: VatIdStatus; attempts: number },
  answer: VatAnswer,
  now: string,
): VatCheckResult {
  if (answer.kind === 'valid')
    return {
      status: 'valid',
      evidence: answer.evidence,
      checkDueAt: later(now, VAT_RECHECK_MS),
      attempts: 0,
    };
  if (answer.kind === 'invalid')
    return { status: 'invalid', evidence: answer.evidence, attempts: 0 };
  const attempts = previous.attempts + 1;
  const delay = VAT_RETRY_DELAYS_MS[Math.min(attempts, VAT_RETRY_DELAYS_MS.length) - 1]!;
  return {
    status: previous.status === 'valid' ? 'valid' : 'unavailable',
    checkDueAt: later(now, delay),
    attempts,
    lastError: answer.error,
  };
}
