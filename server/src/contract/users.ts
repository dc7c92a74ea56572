import { z } from 'zod';
import { emailSchema } from './fields.js';

/** GET /users (admins): every shop account, oldest first. */
export const UserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.literal('admin').optional(),
});
export type User = z.infer<typeof UserSchema>;

export const UserListSchema = z.array(UserSchema);

/** PUT /user/admin/{email}: 1 when promoted, 0 when they were admin already. */
export const MakeAdminParamsSchema = z.object({ email: emailSchema });
export const MakeAdminResponseSchema = z.object({ modifiedCount: z.number().int() });
export type MakeAdminResponse = z.infer<typeof MakeAdminResponseSchema>;

/** DELETE /user/{email}: removes the shop account and its details; orders are kept. */
export const DeleteUserParamsSchema = z.object({ email: emailSchema });
export const DeleteUserResponseSchema = z.object({ deletedCount: z.number().int() });
export type DeleteUserResponse = z.infer<typeof DeleteUserResponseSchema>;
