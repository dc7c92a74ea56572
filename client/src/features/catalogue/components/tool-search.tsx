import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

interface SearchForm {
  search: string;
}

const REQUIRED = 'Type part of a tool name to search.';

// The contract treats an empty search as "list everything"; the spec makes this box required,
// so the rule lives here rather than in the shared schema.
export function ToolSearch() {
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const { register, handleSubmit, reset, formState } = useForm<SearchForm>({
    defaultValues: { search: '' },
  });
  const error = formState.errors.search?.message;

  const onSubmit = handleSubmit(({ search }) => {
    // The results page holds the term in its URL; the box is cleared as the spec's was.
    void navigate(`${paths.tools}?${new URLSearchParams({ search: search.trim() })}`);
    reset();
  });

  return (
    <div className="tool-search">
      <form
        role="search"
        aria-label="Tools"
        className="tool-search-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
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
          {...register('search', {
            required: REQUIRED,
            validate: (value) => value.trim() !== '' || REQUIRED,
            maxLength: { value: 100, message: 'Search must be 100 characters or shorter.' },
          })}
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
