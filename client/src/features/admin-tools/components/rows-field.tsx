import type { InputHTMLAttributes, ReactNode } from 'react';
import type { ToolFormValues } from '@toolworks/contract/admin-tools';
import type { FieldPath, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import './rows-field.css';

/** One input of every row. */
export interface RowColumn {
  /** Its label in row `n` (counted from 1): a screen reader hears which row it is in. */
  label: (n: number) => string;
  name: (index: number) => FieldPath<ToolFormValues>;
  error: (index: number) => string | undefined;
  input: InputHTMLAttributes<HTMLInputElement>;
}

interface RowsFieldProps {
  legend: string;
  /** Said before the rows (and named by the add button's aria-describedby through `hintId`). */
  hint: ReactNode;
  hintId: string;
  /** Fields of the group that come before the hint (the lead time, a checkbox). */
  children?: ReactNode;
  /** Said while there are no rows. */
  empty: string;
  /** The rows' keys (a react-hook-form field array's `fields`). */
  rows: readonly { id: string }[];
  columns: readonly RowColumn[];
  register: UseFormRegister<ToolFormValues>;
  /** The remove button's accessible name for row `index`. */
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
  /** No more rows are added past this. */
  max: number;
  /** The list's own error (as opposed to a row's, said under its input). */
  error?: string;
}

/**
 * A fieldset of numbered rows that an admin adds and removes (Volume prices, incoming batches):
 * the list, each row's Remove button, the list's error and the Add button, which stops at `max`.
 */
export function RowsField({
  legend,
  hint,
  hintId,
  children,
  empty,
  rows,
  columns,
  register,
  removeLabel,
  onRemove,
  addLabel,
  onAdd,
  max,
  error,
}: RowsFieldProps) {
  return (
    <fieldset className="rows-field tool-form-wide">
      <legend className="label">{legend}</legend>
      {children}
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      {rows.length === 0 ? <p className="rows-field-empty">{empty}</p> : null}
      <ol className="rows-field-rows">
        {rows.map((row, index) => (
          <li key={row.id} className="rows-field-row">
            {columns.map((column, c) => (
              <FormField key={c} label={column.label(index + 1)} error={column.error(index)}>
                {(a) => (
                  <input
                    {...a}
                    className="input"
                    {...column.input}
                    {...register(column.name(index))}
                  />
                )}
              </FormField>
            ))}
            <button
              type="button"
              className="btn btn-secondary btn-sm rows-field-remove"
              onClick={() => onRemove(index)}
              aria-label={removeLabel(index)}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {error ? <p className="field-error">{error}</p> : null}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={onAdd}
        disabled={rows.length >= max}
        aria-describedby={hintId}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}
