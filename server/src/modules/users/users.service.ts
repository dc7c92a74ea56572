import type { DeleteUserResponse, MakeAdminResponse, User } from '../../contract/users.js';
import { AppError } from '../../lib/app-error.js';
import type { Store, UserRecord } from '../../store/store.js';

function toUserWire(record: UserRecord): User {
  return { _id: record._id, email: record.email, ...(record.role ? { role: record.role } : {}) };
}

/** Admin user management. The token exchange (`PUT /user/{email}`) lives in modules/auth. */
export function createUsersService(store: Pick<Store, 'users'>) {
  return {
    /** Oldest first. */
    async list(): Promise<User[]> {
      return (await store.users.list()).map(toUserWire);
    },

    async makeAdmin(email: string): Promise<MakeAdminResponse> {
      const key = email.trim().toLowerCase();
      if (!(await store.users.getByEmail(key)))
        throw AppError.notFound('There is no user with this email');
      return { modifiedCount: await store.users.makeAdmin(key) };
    },

    /**
     * Removes the account and its saved details from the shop; their orders stay for the books.
     * An admin cannot remove themselves, so the shop can never lose its last admin by accident.
     */
    async remove(caller: UserRecord, email: string): Promise<DeleteUserResponse> {
      const key = email.trim().toLowerCase();
      if (key === caller.email.toLowerCase()) throw AppError.conflict('You cannot remove yourself');
      return { deletedCount: await store.users.delete(key) };
    },
  };
}
