import type { User } from '@toolworks/contract/users';

interface RemovedUsersTableProps {
  users: User[];
  /** The email whose restore is running, if any. */
  restoring?: string;
  onRestore: (user: User) => void;
}

const removedOn = (iso?: string) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '';

/** Accounts the shop removed: they cannot sign in until restored. */
export function RemovedUsersTable({ users, restoring, onRestore }: RemovedUsersTableProps) {
  if (users.length === 0) return <p className="muted">No account has been removed.</p>;
  return (
    <div className="users-table-wrap">
      <table className="users-table">
        <caption className="visually-hidden">Accounts removed from the shop</caption>
        <thead>
          <tr>
            <th scope="col">Emails</th>
            <th scope="col">Removed</th>
            <th scope="col">Restore</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              <td className="users-email">
                <span>{user.email}</span>
              </td>
              <td>{removedOn(user.removedAt)}</td>
              <td>
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
