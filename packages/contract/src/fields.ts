import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  NAME_NO_DIRECTION_MARKS,
  NAME_NO_MARKUP,
  NAME_ONE_LINE,
} from './name-rule.js';

/**
 * Field schemas shared by the server and the client's forms, carrying the spec's user-facing
 * messages. Pure zod: the client imports this file, so no server code may be imported here.
 */

/** Ids from either store adapter: 24 hex characters (upper case is accepted and normalised). */
export const idSchema = z
  .string({ error: 'Malformed id' })
  .regex(/^[0-9a-fA-F]{24}$/, 'Malformed id')
  .transform((id) => id.toLowerCase());

// eslint-disable-next-line no-control-regex
const PLAIN_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex
const PLAIN_LINES = /^[^\u0000-\u0009\u000b-\u001f\u007f-\u009f]*$/;

/** How `plainText` ends its refusal, after the field's label. */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/**
 * Free text that reaches a document, an email or a spreadsheet (a company name, a payment or PO
 * reference, a name, an address, a note, a reason): no C0 or C1 control character, which nobody
 * types and which would split a CSV row, an email header or a PDF line. A `multiline` field (an
 * address or a note from a textarea) keeps its line breaks, `\r\n` and `\r` written as `\n`.
 * Wraps the field's own string schema, so its messages stay as they are.
 */
export function plainText(
  schema: z.ZodString,
  label: string,
  { multiline = false }: { multiline?: boolean } = {},
): z.ZodString {
  const message = `${label} ${CONTROL_CHARACTERS_MESSAGE}`;
  return multiline
    ? schema.overwrite((text) => text.replace(/\r\n?/g, '\n')).regex(PLAIN_LINES, message)
    : schema.regex(PLAIN_LINE, message);
}

/**
 * The spec's pattern only took lower-case letters and 2-3 letter endings; we accept any normal
 * address (capitals, dots, plus, hyphens, subdomains, long endings) with the same messages.
 * Not lower-cased here: the sign-in provider gets what the user typed; services normalise.
 */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required', abort: true })
  .max(254, 'Provide a valid email')
  .regex(z.regexes.email, 'Provide a valid email');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required', abort: true })
  .min(6, 'Must be 6 characters or longer');

/**
 * A person's display name. It reaches other people's inboxes (invitations, approvals) and
 * screens, so it is one plain line: no control characters (line breaks included), no `<` or `>`
 * that read as markup, no bidirectional overrides that reverse what follows.
 */
export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .max(NAME_MAX_LENGTH, `Name must be ${NAME_MAX_LENGTH} characters or shorter`)
  .regex(NAME_ONE_LINE, 'Name must be one line of text')
  .regex(NAME_NO_MARKUP, 'Name cannot contain < or >')
  .regex(NAME_NO_DIRECTION_MARKS, 'Name cannot contain text-direction marks');

/**
 * A form's text input read as a number: blank is `blank` (missing unless given), anything else is
 * read as a number (so 'abc' is NaN and gets the field's "must be a number" message).
 */
export const numberInput = (schema: z.ZodNumber, blank?: number) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? blank : Number(text.trim())))
    .pipe(schema);

/** A query value where blank (`status=` from an empty select or search box) means "not given". */
export const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A search box's text. Blank means "no filter" (the client may send `search=`). NUL and other
 * control characters cannot be typed into a search box and the search indexes refuse them, so
 * they are bad input here rather than a failure there.
 */
export const searchQuerySchema = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .trim()
    .max(100, 'Search must be 100 characters or shorter')
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'Search must not contain control characters')
    .optional(),
);

/** `page` (1-based) and `limit` of a paged list query, for spreading into its `z.object`. */
export function pagingQueryFields(defaultLimit: number, maxLimit: number) {
  return {
    page: z.coerce
      .number()
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(1_000_000, 'page is too large')
      .default(1),
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(maxLimit, `limit must be ${maxLimit} or less`)
      .default(defaultLimit),
  };
}

/** Integer cents to dollars; an integer divided by 100 prints exactly (1999 -> 19.99). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars with at most two decimals to integer cents; rounding absorbs 19.99 * 100 = 1998.99... */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
