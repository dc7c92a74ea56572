import type { User } from '@toolworks/contract/users';
import { Unknown } from './unknown';

interface RemovedUsersTableProps {
  users: User[];
  /** The email whose restore is running, if any. */
  restoring?: string;
  onRestore: (user: User) => void;
}

const removedOn = (iso?: string) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '';

/**
 * Accounts the shop removed: they cannot sign in until restored. No company column: a removal
 * deletes the saved profile it would come from.
 */
export function RemovedUsersTable({ users, restoring, onRestore }: RemovedUsersTableProps) {
  if (users.length === 0) return <p className="muted">No account has been removed.</p>;
  return (
    <div className="users-table-wrap">
      <table className="users-table">
        <caption className="visually-hidden">Accounts removed from the shop</caption>
        <thead>
          <tr>
            <th scope="col">Emails</th>
            <th scope="col">Name</th>
            <th scope="col" className="users-action">
              Removed
            </th>
            <th scope="col" className="users-action">
              Restore
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              <td className="users-email">
                <span>{user.email}</span>
              </td>
              <td className="users-name">{user.name ?? <Unknown />}</td>
              <td className="users-action">{removedOn(user.removedAt)}</td>
              <td className="users-action">
                <button
                  type="button"
                  className="btn btn-dark btn-sm"
                  onClick={() => onRestore(user)}
                  disabled={restoring === user.email}
                  aria-label={`Restore ${user.email}`}
                >
                  Restore
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
