import { useId, useState, type KeyboardEvent } from 'react';
import { useCreateCategory } from '../api/create-category';

/**
 * "New category" under the tool form's select: a name, added with POST /categories; the select
 * then lists it. Not a form of its own: it sits inside the tool's form, and forms do not nest.
 */
export function NewCategory() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [added, setAdded] = useState<string>();
  const create = useCreateCategory();
  const inputId = useId();
  const errorId = useId();

  const add = () => {
    if (!name.trim()) {
      setProblem('Give the category a name.');
      return;
    }
    create.mutateAsync({ name: name.trim() }).then(
      (category) => {
        setAdded(category.name);
        setName('');
        setProblem(undefined);
        setOpen(false);
      },
      (error: Error) => setProblem(error.message),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter would submit the whole tool form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Escape') setOpen(false);
  };

  if (!open)
    return (
      <>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => {
            setAdded(undefined);
            setOpen(true);
          }}
        >
          New category
        </button>
        <p aria-live="polite" className="muted">
          {added ? `Category “${added}” added: choose it under Category.` : ''}
        </p>
      </>
    );
  return (
    <div className="new-category">
      <label htmlFor={inputId}>New category name</label>
      <div className="new-category-row">
        <input
          id={inputId}
          className="input"
          autoComplete="off"
          maxLength={60}
          value={name}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={create.isPending}
          onClick={add}
        >
          {create.isPending ? 'Adding…' : 'Add category'}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {problem ? (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
