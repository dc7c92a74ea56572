import type { Category } from '@toolworks/contract/tools';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { writeCatalogue, type CatalogueState } from './catalogue-params';

interface FiltersProps {
  state: CatalogueState;
  categories: Category[] | undefined;
  onChange: (next: Partial<CatalogueState>) => void;
}

// A typical range (the demo shop has six); a longer list still grows, but only by its extra rows.
const CATEGORY_PLACEHOLDERS = 6;

/**
 * Category links with counts, in stock only, and a price range applied on submit. Beside the
 * results on wide screens; on narrower ones behind a Filters button (a disclosure, closed at
 * first), so the first tools show on a phone's first screen. catalogue.css shows the button and
 * hides the closed panel only there.
 */
export function CatalogueFilters({ state, categories, onChange }: FiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const minId = useId();
  const maxId = useId();
  const stockId = useId();
  const link = (category?: string) =>
    `${paths.tools}?${writeCatalogue({ ...state, category, page: 1 })}`;

  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = form.get(name);
      const text = typeof value === 'string' ? value.trim() : '';
      const n = Number(text);
      return text !== '' && Number.isFinite(n) && n >= 0 ? n : undefined;
    };
    onChange({ minPrice: read('minPrice'), maxPrice: read('maxPrice') });
  };

  return (
    <div className="catalogue-filters-column">
      <button
        type="button"
        className="btn btn-secondary btn-sm catalogue-filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Filters
      </button>
      <div id={panelId} className={open ? 'catalogue-filters is-open' : 'catalogue-filters'}>
        <nav aria-label="Categories" className="catalogue-categories">
          <h2 className="catalogue-filter-title">Categories</h2>
          <ul>
            <li>
              <Link to={link(undefined)} aria-current={state.category ? undefined : 'page'}>
                All tools
              </Link>
            </li>
            {/* Rows of the same height hold the place, so the filters below do not jump. */}
            {categories
              ? null
              : Array.from({ length: CATEGORY_PLACEHOLDERS }, (_, i) => (
                  <li key={i} className="catalogue-category-placeholder" aria-hidden="true">
                    <span className="skeleton skeleton-line" />
                  </li>
                ))}
            {/* An empty category (often "Other") leads nowhere: left out unless it is the one chosen. */}
            {(categories ?? [])
              .filter((category) => category.count > 0 || category.slug === state.category)
              .map((category) => (
                <li key={category.slug}>
                  <Link
                    to={link(category.slug)}
                    aria-current={state.category === category.slug ? 'page' : undefined}
                  >
                    <span>{category.name}</span>
                    <span className="catalogue-count">{category.count}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <div className="catalogue-filter-group">
          <input
            id={stockId}
            type="checkbox"
            checked={state.inStock}
            onChange={(event) => onChange({ inStock: event.target.checked })}
          />
          <label htmlFor={stockId}>In stock only</label>
        </div>
        {/* Keyed on the applied range so Back and "Clear filters" reset what the boxes show. */}
        <form
          key={`${state.minPrice ?? ''}-${state.maxPrice ?? ''}`}
          className="catalogue-price"
          aria-label="Price range"
          onSubmit={applyPrice}
        >
          <h2 className="catalogue-filter-title">Price ($)</h2>
          <div className="catalogue-price-inputs">
            <label htmlFor={minId}>Min</label>
            <input
              id={minId}
              name="minPrice"
              className="input"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={state.minPrice ?? ''}
            />
            <label htmlFor={maxId}>Max</label>
            <input
              id={maxId}
              name="maxPrice"
              className="input"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={state.maxPrice ?? ''}
            />
          </div>
          <button type="submit" className="btn btn-secondary btn-sm">
            Apply price
          </button>
        </form>
      </div>
    </div>
  );
}
