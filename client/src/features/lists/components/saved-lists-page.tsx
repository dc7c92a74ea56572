import { listNameSchema, type SavedListSummary } from '@toolworks/contract/lists';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import {
  useCreateList,
  useDeleteList,
  useRenameList,
  useSavedLists,
  useShareList,
} from '../api/saved-lists';
import './lists.css';

const toolCount = (count: number) => `${count} ${count === 1 ? 'tool' : 'tools'}`;

/** The name typed, checked with the server's own rule; the message when it is wrong. */
function checkName(value: string): { name: string } | { error: string } {
  const parsed = listNameSchema.safeParse(value);
  return parsed.success
    ? { name: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Enter a name for the list' };
}

/** /dashboard/saved-lists: the buyer's lists; create, rename and delete them. */
export function SavedListsPage() {
  const lists = useSavedLists();
  const { toast, show, dismiss } = useToast();
  const [deleting, setDeleting] = useState<SavedListSummary | null>(null);
  const remove = useDeleteList();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => show(`"${deleting.name}" was deleted.`),
      onError: (error) => show(error.message, 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className="lists-page" aria-labelledby="saved-lists-title">
      <title>Saved lists · Toolworks</title>
      <h1 id="saved-lists-title">Saved lists</h1>
      <p className="muted">
        Keep the tools you buy again and again ("Van restock") and put a whole list in your cart at
        today's prices.
      </p>
      <CreateListForm onCreated={(name) => show(`"${name}" was created.`)} />
      {lists.isPending ? (
        <PageLoader />
      ) : lists.isError ? (
        <ErrorState
          title="We couldn't load your lists."
          message={lists.error.message}
          onRetry={() => void lists.refetch()}
          retrying={lists.isFetching}
        />
      ) : lists.data.length === 0 ? (
        <div className="alert alert-info">
          <p className="alert-title">You have no saved lists yet.</p>
          <p>Create one here, or use Add to list on a tool's page or on one of your orders.</p>
        </div>
      ) : (
        <ul className="lists-list" aria-label="Your lists">
          {lists.data.map((list) => (
            <ListRow
              key={list._id}
              list={list}
              onRenamed={(name) => show(`Renamed to "${name}".`)}
              onDelete={() => setDeleting(list)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this list?"
        confirmLabel="Delete list"
        cancelLabel="Keep list"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          "{deleting?.name}" and its lines will be deleted. Your cart and orders stay as they are.
        </p>
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}

function CreateListForm({ onCreated }: { onCreated: (name: string) => void }) {
  const create = useCreateList();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkName(value);
    if ('error' in checked) return setError(checked.error);
    setError(undefined);
    create.mutate(checked.name, {
      onSuccess: (list) => {
        setValue('');
        onCreated(list.name);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form className="card lists-create" onSubmit={submit} noValidate aria-label="Create a list">
      <div className="card-body lists-inline-form">
        <FormField label="New list name" error={error}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={value}
              maxLength={120}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create list'}
        </button>
      </div>
    </form>
  );
}

function ListRow({
  list,
  onRenamed,
  onDelete,
}: {
  list: SavedListSummary;
  onRenamed: (name: string) => void;
  onDelete: () => void;
}) {
  const rename = useRenameList();
  const share = useShareList();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(list.name);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkName(value);
    if ('error' in checked) return setError(checked.error);
    rename.mutate(
      { id: list._id, name: checked.name },
      {
        onSuccess: (renamed) => {
          setEditing(false);
          setError(undefined);
          onRenamed(renamed.name);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <li className="card lists-row">
      <div className="card-body">
        {editing ? (
          <form className="lists-inline-form" onSubmit={submit} noValidate>
            <FormField label={`New name for ${list.name}`} error={error}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  value={value}
                  maxLength={120}
                  // Opened on purpose by Rename: typing goes straight into the name.
                  autoFocus
                  onChange={(event) => setValue(event.target.value)}
                />
              )}
            </FormField>
            <div className="lists-actions">
              <button type="submit" className="btn btn-primary btn-sm" disabled={rename.isPending}>
                Save name
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => {
                  setEditing(false);
                  setValue(list.name);
                  setError(undefined);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="lists-row-main">
            <div>
              <h2 className="lists-row-title">
                <Link to={paths.dashboard.savedList(list._id)}>{list.name}</Link>
              </h2>
              <p className="muted">
                {toolCount(list.lineCount)}
                {list.owned ? '' : ` · shared by ${list.ownerEmail}`}
              </p>
              {share.isError ? (
                <p role="alert" className="field-error">
                  {share.error.message}
                </p>
              ) : null}
            </div>
            {list.owned ? (
              <div className="lists-actions">
                <label className="lists-share">
                  <input
                    type="checkbox"
                    aria-label={`Share ${list.name} with my company`}
                    checked={list.shared}
                    disabled={share.isPending}
                    onChange={(event) =>
                      share.mutate({ id: list._id, shared: event.currentTarget.checked })
                    }
                  />{' '}
                  Share with my company
                </label>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={`Rename ${list.name}`}
                  onClick={() => setEditing(true)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={`Delete ${list.name}`}
                  onClick={onDelete}
                >
                  Delete
                </button>
              </div>
            ) : null}
          </div>
        )}
      </div>
    </li>
  );
}
