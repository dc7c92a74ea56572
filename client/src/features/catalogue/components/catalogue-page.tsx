import { useDeferredValue, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { TOOL_SORTS, type ToolSortKey } from '@toolworks/contract/tool-sorts';
import { useCategories } from '../api/get-categories';
import { useTools } from '../api/get-tools';
import { CatalogueFilters } from './catalogue-filters';
import {
  hasFilters,
  priceReversed,
  readCatalogue,
  SORT_LABELS,
  toToolsParams,
  writeCatalogue,
  type CatalogueState,
} from './catalogue-params';
import { NoResults } from './no-results';
import { SearchCorrected } from './search-corrected';
import { SiteSearch } from './site-search';
import { ToolCard, ToolCardSkeleton } from './tool-card';
import './catalogue.css';

export const CATALOGUE_PAGE_SIZE = 12;

// The grid is three across at its widest, so the first three may be above the fold.
const firstRow = (i: number) => (i === 0 ? 'first' : i < 3 ? 'row' : undefined);

/** /tools: every choice lives in the URL, so Back, reload and shared links keep it. */
export function CataloguePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readCatalogue(searchParams);
  // Deferred: the cards are drawn in a transition React can slice, not in the one long task a
  // query's answer would otherwise get (a store update always renders at once).
  const tools = useDeferredValue(
    useTools(toToolsParams(state, CATALOGUE_PAGE_SIZE), { keepPrevious: true }),
  );
  // With the same search and `exact`: a corrected search's counts are the corrected results'.
  const categories = useCategories({
    search: state.search,
    inStock: state.inStock,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    exact: state.exact,
  });
  const sortId = useId();
  // A reversed range is read swapped; the address is corrected too, so a shared link is right.
  useEffect(() => {
    if (priceReversed(searchParams))
      setSearchParams(writeCatalogue(readCatalogue(searchParams)), { replace: true });
  }, [searchParams, setSearchParams]);
  const topRef = useRef<HTMLDivElement>(null);

  const update = (next: Partial<CatalogueState>) => {
    // Any new filter starts from the first page; paging keeps the rest.
    const page = next.page ?? 1;
    // flushSync: a navigation is a transition by default, and until it committed the controlled
    // "In stock only" box showed its old state after a click (a browser journey saw it unchanged).
    setSearchParams(writeCatalogue({ ...state, ...next, page }), {
      preventScrollReset: true,
      flushSync: true,
    });
    if (next.page) topRef.current?.scrollIntoView({ block: 'start' });
  };
  const clear = () => setSearchParams(writeCatalogue({ ...state, ...CLEARED }));

  const category = categories.data?.find((c) => c.slug === state.category);
  const heading = state.search ? `Results for “${state.search}”` : (category?.name ?? 'All tools');
  const total = tools.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const empty = tools.data?.items.length === 0;
  const clearButton = (
    <button type="button" className="btn btn-secondary btn-sm" onClick={clear}>
      Clear filters
    </button>
  );
  const corrected = tools.data?.correctedQuery;

  return (
    <div className="container catalogue-page" ref={topRef}>
      <title>{`${heading} · Toolworks`}</title>
      <header className="catalogue-header">
        <p className="eyebrow">The catalogue</p>
        <h1>{heading}</h1>
        <div className="catalogue-search">
          {/* Keyed on the term, so Back or a header search shows the term now searched. */}
          <SiteSearch key={state.search ?? ''} label="Catalogue" initial={state.search} />
        </div>
        <p className="catalogue-match" aria-live="polite">
          {tools.data ? `${total} ${total === 1 ? 'tool matches' : 'tools match'}` : '\u00a0'}
        </p>
        {corrected && state.search ? <SearchCorrected state={state} corrected={corrected} /> : null}
      </header>
      <div className="catalogue-layout">
        <CatalogueFilters state={state} categories={categories.data} onChange={update} />
        <section aria-label="Tools" className="catalogue-results">
          <div className="catalogue-toolbar">
            {/* With no results the one "Clear filters" is in the empty state, by what to try next. */}
            {hasFilters(state) && !empty ? clearButton : <span />}
            <div className="catalogue-sort">
              <label htmlFor={sortId}>Sort by</label>
              <select
                id={sortId}
                className="input"
                value={state.sort}
                onChange={(event) => update({ sort: event.target.value as ToolSortKey })}
              >
                {TOOL_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {tools.isPending ? (
            <div role="status" className="tools-grid">
              <span className="visually-hidden">Loading tools…</span>
              {Array.from({ length: 3 }, (_, i) => (
                <ToolCardSkeleton key={i} />
              ))}
            </div>
          ) : tools.isError ? (
            <ErrorState
              title="We couldn't load the tools."
              message={tools.error.message}
              onRetry={() => void tools.refetch()}
              retrying={tools.isFetching}
            />
          ) : tools.data.items.length === 0 ? (
            <NoResults
              search={state.search}
              clear={hasFilters(state) || state.page > 1 ? clearButton : undefined}
            />
          ) : (
            <>
              <ul className="tools-grid" aria-busy={tools.isPlaceholderData}>
                {tools.data.items.map((tool, i) => (
                  <li key={tool._id}>
                    <ToolCard tool={tool} priority={firstRow(i)} />
                  </li>
                ))}
              </ul>
              <Pagination
                label="Catalogue pages"
                page={state.page}
                totalPages={totalPages}
                onChange={(page) => update({ page })}
                busy={tools.isPlaceholderData}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

const CLEARED: Partial<CatalogueState> = {
  search: undefined,
  category: undefined,
  inStock: false,
  minPrice: undefined,
  maxPrice: undefined,
  page: 1,
  exact: false,
};
