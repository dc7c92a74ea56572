import type { User } from '@toolworks/contract/users';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdminsOnly } from '@/components/ui/admins-only';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { SearchBox } from '@/components/ui/search-box';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { useDemoteAdmin } from '../api/demote-admin';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRestoreUser } from '../api/restore-user';
import { RemovedUsersTable } from './removed-users-table';
import { UsersTable } from './users-table';
import './admin-users.css';

export const MADE_ADMIN = 'Successfully made an admin';
export const MAKE_ADMIN_FAILED = 'Failed to make an admin';
export const DELETE_QUESTION = 'Are you sure you want to delete?';

type Action = 'promote' | 'demote' | 'remove';

const isRefusal = (error: Error) =>
  error instanceof ApiError && (error.status === 400 || error.status === 403);

/** What each confirm dialog asks and says; the remove dialog keeps the spec's question. */
const DIALOGS: Record<Action, { title: (email: string) => string; body: string; yes: string }> = {
  promote: {
    title: (email) => `Make ${email} an admin?`,
    body: 'They will be able to manage users, tools and orders.',
    yes: 'Yes, make admin',
  },
  demote: {
    title: (email) => `Remove admin rights from ${email}?`,
    body: 'They will be a customer from their next step in the shop.',
    yes: 'Yes, remove admin',
  },
  remove: {
    title: () => DELETE_QUESTION,
    body: 'will be removed from the shop and signed out: they cannot sign in again until restored, and their unpaid orders are cancelled. Paid orders are kept.',
    yes: 'Yes, delete',
  },
};

/**
 * All Users (admins): each account's email, name and company; find accounts by email or name,
 * promote and demote admins, remove and restore accounts (never your own). The search and the view are in the URL.
 */
export function AllUsers({ currentEmail }: { currentEmail: string }) {
  const [params, setParams] = useSearchParams();
  const showRemoved = params.get('removed') === 'true';
  const search = params.get('search')?.trim() ?? '';
  const setView = (next: { removed?: boolean; search?: string }) => {
    const removed = next.removed ?? showRemoved;
    const text = next.search ?? search;
    setParams({ ...(removed && { removed: 'true' }), ...(text && { search: text }) });
  };
  const users = useUsers({ removed: showRemoved, search });
  const makeAdmin = useMakeAdmin();
  const demoteAdmin = useDemoteAdmin();
  const deleteUser = useDeleteUser();
  const restoreUser = useRestoreUser();
  const { toast, show, dismiss } = useToast();
  const [pending, setPending] = useState<{ action: Action; user: User } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const done = (text: string, tone?: 'info') => {
    setPending(null);
    show(text, tone);
  };
  const failed = (error: Error, refusedText?: string) => {
    setPending(null);
    // The spec's one message for a refused promotion; anything else says what went wrong.
    const refused = error instanceof ApiError && error.status === 403 && refusedText;
    show(refused || error.message, 'error');
  };

  const confirm = () => {
    if (!pending) return;
    const { action, user } = pending;
    const { email } = user;
    if (action === 'promote')
      makeAdmin.mutate(email, {
        onSuccess: ({ modifiedCount }) =>
          modifiedCount > 0 ? done(MADE_ADMIN) : done(`${email} is already an admin`, 'info'),
        onError: (error) => failed(error, MAKE_ADMIN_FAILED),
      });
    if (action === 'demote')
      demoteAdmin.mutate(email, {
        onSuccess: ({ modifiedCount }) =>
          modifiedCount > 0
            ? done(`${email} is no longer an admin`)
            : done(`${email} was not an admin`, 'info'),
        onError: (error) => failed(error),
      });
    if (action === 'remove')
      deleteUser.mutate(email, {
        onSuccess: ({ deletedCount }) => {
          done(
            deletedCount > 0
              ? `${email} was removed from the shop`
              : `${email} was already removed`,
          );
          // The row that opened the dialog is going away: land somewhere sensible.
          headingRef.current?.focus();
        },
        onError: (error) => failed(error),
      });
  };

  const restore = (user: User) =>
    restoreUser.mutate(user.email, {
      onSuccess: () => {
        show(`${user.email} can sign in again`);
        headingRef.current?.focus();
      },
      onError: (error) => show(error.message, 'error'),
    });

  // Someone whose admin right was taken away while the page was open.
  if (users.error instanceof ApiError && users.error.status === 403)
    return <AdminsOnly title="All Users" />;

  const dialog = pending ? DIALOGS[pending.action] : null;
  const busy = makeAdmin.isPending || demoteAdmin.isPending || deleteUser.isPending;
  const count = users.data?.length ?? 0;

  return (
    <section className="all-users" aria-labelledby="all-users-title">
      <title>All Users · Toolworks</title>
      <header className="all-users-header">
        <h1 id="all-users-title" ref={headingRef} tabIndex={-1}>
          All Users
        </h1>
        <div className="users-views" role="group" aria-label="Which accounts">
          <button
            type="button"
            className={`btn btn-sm ${showRemoved ? 'btn-secondary' : 'btn-dark'}`}
            aria-pressed={!showRemoved}
            onClick={() => setView({ removed: false })}
          >
            Accounts
          </button>
          <button
            type="button"
            className={`btn btn-sm ${showRemoved ? 'btn-dark' : 'btn-secondary'}`}
            aria-pressed={showRemoved}
            onClick={() => setView({ removed: true })}
          >
            Removed accounts
          </button>
        </div>
        <SearchBox
          label="Search users"
          placeholder="Email or name"
          value={search}
          onSearch={(text) => setView({ search: text })}
        />
        {users.data ? (
          <p className="muted" aria-live="polite">
            {count === 1 ? '1 account' : `${count} accounts`}
            {showRemoved ? ' removed' : ''}
            {search ? ` matching “${search}”` : ''}
            {/* The order the API really sends (GET /users). */}
            {showRemoved ? ', most recently removed first' : ', oldest first'}
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
          // A refusal (403) or a bad search (400) cannot get better by asking again.
          {...(!isRefusal(users.error) && {
            onRetry: () => void users.refetch(),
            retrying: users.isFetching,
          })}
        />
      ) : users.data.length === 0 && search ? (
        <p className="alert alert-info">No accounts match “{search}”.</p>
      ) : showRemoved ? (
        <RemovedUsersTable
          users={users.data}
          restoring={restoreUser.isPending ? restoreUser.variables : undefined}
          onRestore={restore}
        />
      ) : (
        <UsersTable
          users={users.data}
          currentEmail={currentEmail}
          promoting={makeAdmin.isPending ? makeAdmin.variables : undefined}
          onMakeAdmin={(user) => setPending({ action: 'promote', user })}
          onRemoveAdmin={(user) => setPending({ action: 'demote', user })}
          onRemove={(user) => setPending({ action: 'remove', user })}
        />
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending && dialog ? dialog.title(pending.user.email) : ''}
        confirmLabel={dialog?.yes ?? ''}
        cancelLabel={pending?.action === 'remove' ? 'No, keep' : 'Cancel'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending && dialog ? (
          <p>
            {pending.action === 'remove' ? `${pending.user.email} ${dialog.body}` : dialog.body}
          </p>
        ) : null}
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
