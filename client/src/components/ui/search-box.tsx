import { useId, type FormEvent } from 'react';
import './search-box.css';

interface SearchBoxProps {
  /** The search in the URL; the box is re-filled from it when Back or a link changes it. */
  value: string;
  onSearch: (text: string) => void;
  /** The label, e.g. "Search users". */
  label: string;
  placeholder?: string;
}

/**
 * A list's search: submitted with Enter or the button (not per keystroke, so each search is one
 * history entry and one request). Clear empties it. Used by the admin lists.
 */
export function SearchBox({ value, onSearch, label, placeholder }: SearchBoxProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('search');
    onSearch(typeof text === 'string' ? text.trim() : '');
  };
  return (
    <form role="search" className="search-box" onSubmit={submit} aria-label={label}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="search-box-row">
        {/* Keyed by the URL's value so Back and reload show what is applied. */}
        <input
          key={value}
          id={id}
          name="search"
          type="search"
          className="input"
          defaultValue={value}
          placeholder={placeholder}
          maxLength={100}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-dark">
          Search
        </button>
        {value ? (
          <button type="button" className="btn btn-secondary" onClick={() => onSearch('')}>
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
