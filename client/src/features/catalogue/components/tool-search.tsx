import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

const REQUIRED = 'Type part of a tool name to search.';
const MAX_LENGTH = 100;

function problemWith(search: string): string | undefined {
  if (search.trim() === '') return REQUIRED;
  if (search.length > MAX_LENGTH) return `Search must be ${MAX_LENGTH} characters or shorter.`;
  return undefined;
}

// The contract treats an empty search as "list everything"; the spec makes this box required,
// so the rule lives here rather than in the shared schema. One box needs no form library: the
// home page, where it lives, loads less script without one.
export function ToolSearch() {
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const [search, setSearch] = useState('');
  // Checked on submit; after a refused submit, again as the buyer types (so the error goes).
  const [checking, setChecking] = useState(false);
  const error = checking ? problemWith(search) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problemWith(search)) {
      setChecking(true);
      document.getElementById(inputId)?.focus();
      return;
    }
    // The results page holds the term in its URL; the box is cleared as the spec's was.
    navigate(`${paths.tools}?${new URLSearchParams({ search: search.trim() })}`);
    setSearch('');
    setChecking(false);
  };

  return (
    <div className="tool-search">
      <form
        role="search"
        aria-label="Tools"
        className="tool-search-form"
        noValidate
        onSubmit={onSubmit}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          Search tools by name
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          placeholder="Search..."
          autoComplete="off"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          name="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        {error ? (
          <p id={errorId} className="field-error tool-search-error">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
