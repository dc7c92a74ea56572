import type { User } from '@toolworks/contract/users';
import { Unknown } from './unknown';

interface UsersTableProps {
  users: User[];
  /** The signed-in admin: their own row cannot be removed. */
  currentEmail: string;
  /** The email whose Make Admin call is running, if any. */
  promoting?: string;
  onMakeAdmin: (user: User) => void;
  onRemoveAdmin: (user: User) => void;
  onRemove: (user: User) => void;
}

export function UsersTable({
  users,
  currentEmail,
  promoting,
  onMakeAdmin,
  onRemoveAdmin,
  onRemove,
}: UsersTableProps) {
  const me = currentEmail.toLowerCase();
  return (
    <div className="users-table-wrap">
      <table className="users-table">
        <caption className="visually-hidden">Every account in the shop</caption>
        <thead>
          <tr>
            <th scope="col">Emails</th>
            <th scope="col">Name</th>
            <th scope="col">Company</th>
            <th scope="col" className="users-action">
              Make Admin
            </th>
            <th scope="col" className="users-action">
              Remove User
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const isMe = user.email.toLowerCase() === me;
            return (
              <tr key={user._id}>
                <td className="users-email">
                  <span>{user.email}</span>
                  {isMe ? <span className="badge badge-muted">You</span> : null}
                </td>
                <td className="users-name">{user.name ?? <Unknown />}</td>
                <td className="users-company">{user.company ?? <Unknown />}</td>
                <td className="users-action">
                  {user.role === 'admin' ? (
                    <div className="users-admin">
                      <span className="badge badge-admin">Admin</span>
                      {user.adminSource === 'list' ? (
                        // Demoting them would not last: the list makes them admin again.
                        <span className="users-admin-source muted">listed in ADMIN_EMAILS</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          onClick={() => onRemoveAdmin(user)}
                          aria-label={`Remove admin ${user.email}`}
                        >
                          Remove admin
                        </button>
                      )}
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-dark btn-sm"
                      onClick={() => onMakeAdmin(user)}
                      disabled={promoting === user.email}
                      aria-label={`Make Admin ${user.email}`}
                    >
                      Make Admin
                    </button>
                  )}
                </td>
                <td className="users-action">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm users-remove"
                    onClick={() => onRemove(user)}
                    disabled={isMe}
                    aria-label={`Remove ${user.email}`}
                    aria-describedby={isMe ? 'users-remove-self' : undefined}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p id="users-remove-self" className="visually-hidden">
        You cannot remove your own account.
      </p>
    </div>
  );
}
