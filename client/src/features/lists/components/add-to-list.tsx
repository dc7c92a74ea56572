import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useSubmitOnce } from '@/lib/submit-once';
import { useAddListLine, useCreateList, useSavedLists } from '../api/saved-lists';
import './lists.css';

export interface ListLineToAdd {
  toolId: string;
  name: string;
  quantity: number;
}

const NEW_LIST = 'new';

/**
 * The schemas, and zod with them, load when the form opens, not with the tool page and the cart
 * (building zod's schemas is one of the longest script tasks of a page's start-up on a phone).
 */
const loadSchemas = () => import('@toolworks/contract/lists');

/**
 * "Add to list" for a tool (one line, its quantity editable) or an order (its lines as ordered):
 * pick one of the buyer's lists or name a new one. A disclosure, so the page stays short.
 */
export function AddToList({
  lines,
  editableQuantity = false,
}: {
  lines: ListLineToAdd[];
  /** The tool page: the one line's quantity is asked for. */
  editableQuantity?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  const formId = useId();

  return (
    <div className="add-to-list">
      <button
        type="button"
        className="btn btn-secondary"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          setOpen((was) => !was);
          setAdded(null);
        }}
      >
        Add to list
      </button>
      {added ? (
        <p role="status" className="alert alert-info add-to-list-done">
          Added to {added.name}. <Link to={paths.dashboard.savedList(added.id)}>View the list</Link>
        </p>
      ) : null}
      {open ? (
        <AddToListForm
          id={formId}
          lines={lines}
          editableQuantity={editableQuantity}
          onAdded={(list) => {
            setOpen(false);
            setAdded(list);
          }}
        />
      ) : null}
    </div>
  );
}

function AddToListForm({
  id,
  lines,
  editableQuantity,
  onAdded,
}: {
  id: string;
  lines: ListLineToAdd[];
  editableQuantity: boolean;
  onAdded: (list: { id: string; name: string }) => void;
}) {
  const lists = useSavedLists();
  const create = useCreateList();
  const addLine = useAddListLine();
  const [choice, setChoice] = useState('');
  const [newName, setNewName] = useState('');
  const [quantity, setQuantity] = useState(String(lines[0]?.quantity ?? 1));
  const [errors, setErrors] = useState<{ name?: string; quantity?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadSchemas(), []);
  // Colleagues' shared lists are read-only: only one's own take tools.
  const existing = (lists.data ?? []).filter((list) => list.owned);
  // With no lists yet, the only choice is a new one.
  const selected = choice || (existing[0]?._id ?? NEW_LIST);
  const makingNew = selected === NEW_LIST;

  const submit = useSubmitOnce(async () => {
    const { listNameSchema, listQuantitySchema } = await loadSchemas();
    const found: typeof errors = {};
    const name = listNameSchema.safeParse(newName);
    if (makingNew && !name.success) found.name = name.error.issues[0]?.message;
    const amount = listQuantitySchema.safeParse(Number(quantity.trim() || Number.NaN));
    if (editableQuantity && !amount.success) found.quantity = amount.error.issues[0]?.message;
    setErrors(found);
    if (found.name || found.quantity) return;
    setBusy(true);
    try {
      const target = makingNew
        ? await create.mutateAsync(name.data ?? '')
        : { _id: selected, name: existing.find((list) => list._id === selected)?.name ?? '' };
      for (const line of lines) {
        await addLine.mutateAsync({
          id: target._id,
          toolId: line.toolId,
          quantity: editableQuantity && amount.success ? amount.data : line.quantity,
        });
      }
      onAdded({ id: target._id, name: target.name });
    } catch (error) {
      setErrors({ form: (error as Error).message });
    } finally {
      setBusy(false);
    }
  });

  if (lists.isPending) {
    return (
      <p id={id} role="status" className="muted">
        Loading your lists…
      </p>
    );
  }

  return (
    <form
      id={id}
      className="add-to-list-form"
      aria-label="Add to a saved list"
      onSubmit={submit}
      noValidate
    >
      {lists.isError ? (
        <p role="alert" className="alert alert-error">
          We couldn't load your lists: {lists.error.message}
        </p>
      ) : null}
      <FormField label="List">
        {(control) => (
          <select
            {...control}
            className="input"
            value={selected}
            onChange={(event) => setChoice(event.target.value)}
          >
            {existing.map((list) => (
              <option key={list._id} value={list._id}>
                {list.name}
              </option>
            ))}
            <option value={NEW_LIST}>A new list…</option>
          </select>
        )}
      </FormField>
      {makingNew ? (
        <FormField label="New list name" error={errors.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={newName}
              maxLength={120}
              onChange={(event) => setNewName(event.target.value)}
            />
          )}
        </FormField>
      ) : null}
      {editableQuantity ? (
        <FormField label="Quantity for the list" error={errors.quantity}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          )}
        </FormField>
      ) : (
        <p className="muted">
          {lines.length === 1
            ? `${lines[0]?.quantity} × ${lines[0]?.name}`
            : `The ${lines.length} lines of this order, with their quantities`}
        </p>
      )}
      {errors.form ? (
        <p role="alert" className="alert alert-error">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Adding…' : 'Save to list'}
      </button>
    </form>
  );
}
