import type { User } from '@contract/users';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { UsersTable } from './users-table';
import './admin-users.css';

export const MADE_ADMIN = 'Successfully made an admin';
export const MAKE_ADMIN_FAILED = 'Failed to make an admin';
export const DELETE_QUESTION = 'Are you sure you want to delete?';

/** All Users (admins): promote customers and remove accounts, never your own. */
export function AllUsers({ currentEmail }: { currentEmail: string }) {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const deleteUser = useDeleteUser();
  const { toast, show, dismiss } = useToast();
  const [removing, setRemoving] = useState<User | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const promote = (user: User) =>
    makeAdmin.mutate(user.email, {
      onSuccess: ({ modifiedCount }) =>
        modifiedCount > 0 ? show(MADE_ADMIN) : show(`${user.email} is already an admin`, 'info'),
      // The spec's one message for a refused promotion; anything else says what went wrong.
      onError: (error) =>
        show(
          error instanceof ApiError && error.status === 403 ? MAKE_ADMIN_FAILED : error.message,
          'error',
        ),
    });

  const confirmRemove = () => {
    if (!removing) return;
    const { email } = removing;
    deleteUser.mutate(email, {
      onSuccess: ({ deletedCount }) => {
        setRemoving(null);
        show(
          deletedCount > 0 ? `${email} was removed from the shop` : `${email} was already removed`,
        );
        // The row that opened the dialog is going away: land somewhere sensible.
        headingRef.current?.focus();
      },
      onError: (error) => {
        setRemoving(null);
        show(error.message, 'error');
      },
    });
  };

  return (
    <section className="all-users" aria-labelledby="all-users-title">
      <title>All Users · Toolworks</title>
      <header className="all-users-header">
        <h1 id="all-users-title" ref={headingRef} tabIndex={-1}>
          All Users
        </h1>
        {users.data ? (
          <p className="muted">
            {users.data.length === 1 ? '1 account' : `${users.data.length} accounts`}, oldest first
          </p>
        ) : null}
      </header>

      {users.isPending ? (
        <p role="status" className="muted">
          Loading users…
        </p>
      ) : users.isError ? (
        <ErrorState
          title="We couldn't load the users."
          message={users.error.message}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : (
        <UsersTable
          users={users.data}
          currentEmail={currentEmail}
          promoting={makeAdmin.isPending ? makeAdmin.variables : undefined}
          onMakeAdmin={promote}
          onRemove={setRemoving}
        />
      )}

      <ConfirmDialog
        open={removing !== null}
        title={DELETE_QUESTION}
        confirmLabel="Yes, delete"
        cancelLabel="No, keep"
        busy={deleteUser.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          <p>
            {removing.email} will be removed from the shop and signed out. Their orders are kept.
          </p>
        ) : null}
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
