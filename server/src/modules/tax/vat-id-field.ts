import type { z } from 'zod';
import { checkVatIdFormat, isViesVatId } from '../../domain/vat-id.js';

/**
 * A body schema whose `field` holds a VAT / tax id, with the member states' format and check
 * digits checked on top of the shared schema's characters: a member state's ID that cannot be
 * right is refused at once (400, naming the field), before VIES is ever asked. Another country's
 * tax number is kept as typed. Server-side only: the rule is the domain's (vat-id.ts).
 */
export function withVatIdCheck<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  field: string,
) {
  return schema.superRefine((body, ctx) => {
    const vatId = body[field];
    if (typeof vatId !== 'string' || vatId === '' || !isViesVatId(vatId)) return;
    const check = checkVatIdFormat(vatId);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: [field], message: check.reason });
  });
}

/** What the admin's list of applications shows about an ID's format. */
export function vatIdFormatOf(vatId: string) {
  if (!isViesVatId(vatId)) return { vatIdFormat: 'not-eu' as const };
  const check = checkVatIdFormat(vatId);
  return check.ok
    ? { vatIdFormat: 'valid' as const }
    : { vatIdFormat: 'invalid' as const, vatIdProblem: check.reason };
}
