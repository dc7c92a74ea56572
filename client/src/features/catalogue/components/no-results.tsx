import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories';
import { useToolSuggestions } from '../api/suggest-tools';

const POPULAR_CATEGORIES = 4;

const categoryLink = (slug: string) => `${paths.tools}?${new URLSearchParams({ category: slug })}`;

interface NoResultsProps {
  search?: string;
  /** The page's one "Clear filters", when there is anything to clear. */
  clear?: ReactNode;
}

/**
 * The empty catalogue: what to try next. Near matches come from the typeahead (typo-tolerant, and
 * blind to the filters that may have emptied the page); popular categories from the unfiltered
 * counts, which the header's category links share.
 */
export function NoResults({ search, clear }: NoResultsProps) {
  const suggestions = useToolSuggestions(search ?? '', Boolean(search));
  const counts = useCategories();
  const near = suggestions.data;
  const popular = (counts.data ?? [])
    .filter((category) => category.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, POPULAR_CATEGORIES);
  const nearId = useId();
  const popularId = useId();
  const hasNear = near !== undefined && near.tools.length + near.categories.length > 0;

  return (
    <section aria-label="No matches" className="alert alert-info catalogue-empty">
      <p>No tools match.</p>
      <p>
        {search
          ? 'Check the spelling, or try fewer or more general words.'
          : 'Try a wider price range or fewer filters.'}
      </p>
      {hasNear ? (
        <div className="catalogue-empty-group">
          <h2 className="catalogue-filter-title" id={nearId}>
            Did you mean
          </h2>
          <ul aria-labelledby={nearId} className="catalogue-empty-links">
            {near.tools.map((tool) => (
              <li key={tool._id}>
                <Link to={paths.tool(tool._id)}>{tool.name}</Link>
              </li>
            ))}
            {near.categories.map((category) => (
              <li key={category.slug}>
                <Link to={categoryLink(category.slug)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {popular.length ? (
        <div className="catalogue-empty-group">
          <h2 className="catalogue-filter-title" id={popularId}>
            Popular categories
          </h2>
          <ul aria-labelledby={popularId} className="catalogue-empty-links">
            {popular.map((category) => (
              <li key={category.slug}>
                <Link to={categoryLink(category.slug)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {clear}
    </section>
  );
}
