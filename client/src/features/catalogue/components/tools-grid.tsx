import { useDeferredValue, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { useTools } from '../api/get-tools';
import { Pagination } from '@/components/ui/pagination';
import { ToolCard, ToolCardSkeleton } from './tool-card';

// Divisible by 1, 2 and 3, so every column layout ends on a full row.
export const TOOLS_PER_PAGE = 12;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function ToolsGrid() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  // Deferred, so the cards are drawn in slices (see catalogue-page.tsx).
  const tools = useDeferredValue(useTools({ page, limit: TOOLS_PER_PAGE }, { keepPrevious: true }));
  const topRef = useRef<HTMLDivElement>(null);

  // The page lives in the URL so Back and shared links return to the same page.
  const goTo = (next: number) => {
    setSearchParams(
      (params) => {
        if (next <= 1) params.delete('page');
        else params.set('page', String(next));
        return params;
      },
      { preventScrollReset: true },
    );
    topRef.current?.scrollIntoView({ block: 'start' });
  };

  if (tools.isPending) {
    return (
      <div role="status" className="tools-grid">
        <span className="visually-hidden">Loading tools…</span>
        {Array.from({ length: 6 }, (_, i) => (
          <ToolCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (tools.isError) {
    return (
      <ErrorState
        title="We couldn't load the tools."
        message={tools.error.message}
        onRetry={() => void tools.refetch()}
        retrying={tools.isFetching}
      />
    );
  }

  const { items, total } = tools.data;
  const totalPages = Math.max(1, Math.ceil(total / TOOLS_PER_PAGE));

  if (items.length === 0) {
    return page > totalPages ? (
      <div className="alert alert-info">
        <p>This page of the catalogue is empty.</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => goTo(1)}>
          Go to the first page
        </button>
      </div>
    ) : (
      <p className="alert alert-info">No tools in the catalogue yet. Please check back soon.</p>
    );
  }

  return (
    <div ref={topRef} className="tools-results">
      <ul className="tools-grid" aria-busy={tools.isPlaceholderData}>
        {items.map((tool) => (
          <li key={tool._id}>
            <ToolCard tool={tool} />
          </li>
        ))}
      </ul>
      {total > TOOLS_PER_PAGE ? (
        <Pagination
          label="Tool pages"
          page={page}
          totalPages={totalPages}
          onChange={goTo}
          busy={tools.isPlaceholderData}
        />
      ) : null}
    </div>
  );
}
