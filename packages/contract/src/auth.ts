import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from './fields.js';

/**
 * PUT /user/{email}: the token exchange. The caller proves who they are with a Firebase ID token
 * in the Authorization header; the body may only offer a display name (the spec sent `email`,
 * which we still accept and ignore). Unknown keys such as `role` are stripped, never trusted.
 */
export const ExchangeTokenParamsSchema = z.object({ email: emailSchema });

export const ExchangeTokenSchema = z
  .object({
    email: z.string().optional(),
    name: nameSchema.optional(),
  })
  .default({});
export type ExchangeTokenInput = z.infer<typeof ExchangeTokenSchema>;

/**
 * `emailVerified: false` tells the client to ask for the verification link to be followed;
 * `notice` is a sentence to show after sign-in (e.g. an admin-listed address that must verify
 * its email before it gets admin rights).
 */
export const AccessTokenResponseSchema = z.object({
  token: z.string(),
  emailVerified: z.boolean().optional(),
  notice: z.string().optional(),
});
export type AccessTokenResponse = z.infer<typeof AccessTokenResponseSchema>;

/** GET /admin/{email} */
export const AdminCheckParamsSchema = z.object({ email: emailSchema });
export const AdminCheckResponseSchema = z.object({ admin: z.boolean() });
export type AdminCheckResponse = z.infer<typeof AdminCheckResponseSchema>;

/**
 * The forms on /login, /signup and /forgot. Their calls go to the sign-in provider, not to us,
 * but they live here so the field messages stay the ones the server uses.
 */
export const LoginFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const SignUpFormSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

/** The spec left this email unchecked; a typo would silently send nothing, so we check it. */
export const ForgotFormSchema = z.object({ email: emailSchema });
export type ForgotForm = z.infer<typeof ForgotFormSchema>;
