import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { useTools } from '../api/get-tools';

const SUGGESTION_LIMIT = 8;

interface SearchResultsProps {
  term: string;
  onDismiss: () => void;
}

export function SearchResults({ term, onDismiss }: SearchResultsProps) {
  const tools = useTools({ search: term, limit: SUGGESTION_LIMIT });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The input is cleared after submit, so focus moves to the results: screen reader users hear
  // the outcome and keyboard users land where the links are.
  useEffect(() => headingRef.current?.focus(), [term]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDismiss();
  };

  return (
    <section
      className="search-results card"
      aria-labelledby="search-results-title"
      onKeyDown={onKeyDown}
    >
      <div className="search-results-header">
        <h3 id="search-results-title" ref={headingRef} tabIndex={-1}>
          Results for “{term}”
        </h3>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label="Close search results"
          onClick={onDismiss}
        >
          Close
        </button>
      </div>
      <div aria-live="polite">
        {tools.isPending ? <p className="muted">Searching…</p> : null}
        {tools.isError ? (
          <ErrorState
            title="The search failed."
            message={tools.error.message}
            onRetry={() => void tools.refetch()}
            retrying={tools.isFetching}
          />
        ) : null}
        {tools.isSuccess && tools.data.items.length === 0 ? (
          <p className="muted">No tools match “{term}”. Try a shorter or different word.</p>
        ) : null}
        {tools.isSuccess && tools.data.items.length > 0 ? (
          <>
            <p className="muted search-results-count">
              {tools.data.total === 1 ? '1 tool found' : `${tools.data.total} tools found`}
              {tools.data.total > tools.data.items.length
                ? `, showing the first ${tools.data.items.length}`
                : ''}
            </p>
            <ul className="search-results-list">
              {tools.data.items.map((tool) => (
                <li key={tool._id}>
                  <Link to={paths.purchase(tool._id)}>
                    <span className="search-result-name">{tool.name}</span>
                    <span className="search-result-price">{formatPrice(tool.price)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
