import { z } from 'zod';
import { emailSchema, nameSchema, plainText } from './fields.js';

/** The spec's "user details": the wire names are the old app's, kept as they were. */
export const ProfileSchema = z.object({
  name: z.string(),
  email_address: z.string(),
  LinkedIn_profile_link: z.string(),
  country: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  /** Issue 13: trade buyers' details; empty when never saved. */
  company_name: z.string(),
  vat_id: z.string(),
  /** Pre-fills checkout's address when set. */
  delivery_address: z.string(),
  /** Issue 23: part of the billing address on invoices; empty when never saved. */
  postal_code: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /userDetails/{email} */
export const GetProfileParamsSchema = z.object({ email: emailSchema });

export const PROFILE_LINK_MESSAGE =
  'LinkedIn profile link must be a web address starting with http:// or https://';
export const PROFILE_PHONE_MESSAGE = 'Phone may only contain digits, spaces and + - ( )';
export const PROFILE_VAT_MESSAGE =
  'VAT / tax id may only contain letters, digits, spaces and - . /';
export const PROFILE_POSTAL_MESSAGE = 'Postal code may only contain letters, digits, spaces and -';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An optional text field: trimmed, empty when left out, at most `max` characters. */
const optionalText = (label: string, max: number, options?: { multiline?: boolean }) =>
  plainText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be ${max} characters or shorter`),
    label,
    options,
  ).default('');

/**
 * POST /addUser saves the caller's own details; the email always comes from the access token.
 * `email_address` is accepted because the old client sent it, but one that is not the caller's
 * is refused with 403 (never written to someone else's record): see the profiles service.
 */
export const SaveProfileSchema = z.object({
  name: nameSchema,
  email_address: emailSchema.optional(),
  LinkedIn_profile_link: optionalText('LinkedIn profile link', 300).refine(
    (value) => value === '' || isHttpUrl(value),
    PROFILE_LINK_MESSAGE,
  ),
  country: optionalText('Country', 100),
  street_address: optionalText('Street address', 200),
  city: optionalText('City', 100),
  state: optionalText('State', 100),
  phone: optionalText('Phone', 30).refine(
    (value) => /^[0-9 +()-]*$/.test(value),
    PROFILE_PHONE_MESSAGE,
  ),
  company_name: optionalText('Company name', 100),
  vat_id: optionalText('VAT / tax id', 30).refine(
    (value) => /^[A-Za-z0-9 ./-]*$/.test(value),
    PROFILE_VAT_MESSAGE,
  ),
  delivery_address: optionalText('Default delivery address', 300, { multiline: true }),
  postal_code: optionalText('Postal code', 12).refine(
    (value) => /^[A-Za-z0-9 -]*$/.test(value),
    PROFILE_POSTAL_MESSAGE,
  ),
});
export type SaveProfileInput = z.input<typeof SaveProfileSchema>;
export type SaveProfile = z.output<typeof SaveProfileSchema>;
