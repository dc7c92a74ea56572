import { z } from 'zod';
import { blankAsUndefined, emailSchema, searchQuerySchema } from './fields.js';

const ADMIN_SOURCES = ['list', 'granted'] as const;
export type AdminSource = (typeof ADMIN_SOURCES)[number];

/**
 * GET /users (admins): the shop's accounts, oldest first (by when they first signed in).
 * `adminSource` says where an admin's right comes from ('list': ADMIN_EMAILS, 'granted': Make
 * Admin). `name` is the name from sign-in (else the saved profile's), `company` the saved
 * profile's; each absent when unknown. With `?removed=true` the list holds the removed accounts
 * instead, most recently removed first, each with `removed: true` and when it was removed.
 */
export const UserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string().optional(),
  company: z.string().optional(),
  role: z.literal('admin').optional(),
  adminSource: z.enum(ADMIN_SOURCES).optional(),
  removed: z.literal(true).optional(),
  removedAt: z.string().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const UserListSchema = z.array(UserSchema);

export const ListUsersQuerySchema = z.object({
  removed: z.preprocess(
    blankAsUndefined,
    z
      .enum(['true', 'false'], { error: 'removed must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
  ),
  /** Part of the email or of the name from sign-in, any case. */
  search: searchQuerySchema,
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

/** PUT /user/admin/{email}: 1 when promoted, 0 when they were admin already. */
export const MakeAdminParamsSchema = z.object({ email: emailSchema });
export const MakeAdminResponseSchema = z.object({ modifiedCount: z.number().int() });
export type MakeAdminResponse = z.infer<typeof MakeAdminResponseSchema>;

/** DELETE /user/admin/{email}: takes a granted admin right away (1), or 0 for a customer. */
export const DemoteAdminParamsSchema = z.object({ email: emailSchema });
export const DemoteAdminResponseSchema = z.object({ modifiedCount: z.number().int() });
export type DemoteAdminResponse = z.infer<typeof DemoteAdminResponseSchema>;

/**
 * DELETE /user/{email}: removes the account from the shop and blocks the address (sign-in
 * disabled, unpaid orders cancelled); paid orders are kept. 0 when there was nobody to remove.
 */
export const DeleteUserParamsSchema = z.object({ email: emailSchema });
export const DeleteUserResponseSchema = z.object({ deletedCount: z.number().int() });
export type DeleteUserResponse = z.infer<typeof DeleteUserResponseSchema>;

/** PUT /user/{email}/restore: lets a removed account back in, as a customer. */
export const RestoreUserParamsSchema = z.object({ email: emailSchema });
export const RestoreUserResponseSchema = z.object({ modifiedCount: z.number().int() });
export type RestoreUserResponse = z.infer<typeof RestoreUserResponseSchema>;
