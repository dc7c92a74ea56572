import { useState, type FormEvent } from 'react';
import type { OrderFilters } from '../api/order-filters';

interface OrdersFiltersProps {
  filters: OrderFilters;
  /** The new search and days; the status stays, the page goes back to 1. */
  onApply: (next: Pick<OrderFilters, 'search' | 'from' | 'to'>) => void;
  onClear: () => void;
  canClear: boolean;
}

const field = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * Search and placing days of Manage Orders, applied together (one history entry, one request).
 * Keyed by the URL's values, so Back and reload show what is applied.
 */
export function OrdersFilters({ filters, onApply, onClear, canClear }: OrdersFiltersProps) {
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = {
      search: field(data, 'search'),
      from: field(data, 'from'),
      to: field(data, 'to'),
    };
    if (next.from && next.to && next.from > next.to) {
      setError('The "From" day must not be after the "To" day.');
      return;
    }
    setError(null);
    onApply(next);
  };

  const key = `${filters.search ?? ''}|${filters.from ?? ''}|${filters.to ?? ''}`;
  return (
    <form
      key={key}
      role="search"
      aria-label="Find orders"
      className="orders-filters"
      onSubmit={submit}
      noValidate
    >
      <div className="field orders-filter-search">
        <label className="label" htmlFor="orders-search">
          Search
        </label>
        <input
          id="orders-search"
          name="search"
          type="search"
          className="input"
          defaultValue={filters.search}
          placeholder="Order, email, tool, SKU or company"
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <div className="field">
        <label className="label" htmlFor="orders-from">
          From
        </label>
        <input
          id="orders-from"
          name="from"
          type="date"
          className="input"
          defaultValue={filters.from}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'orders-filters-error' : undefined}
        />
      </div>
      <div className="field">
        <label className="label" htmlFor="orders-to">
          To
        </label>
        <input
          id="orders-to"
          name="to"
          type="date"
          className="input"
          defaultValue={filters.to}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'orders-filters-error' : undefined}
        />
      </div>
      <div className="orders-filters-actions">
        <button type="submit" className="btn btn-dark">
          Apply
        </button>
        {canClear ? (
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            Clear filters
          </button>
        ) : null}
      </div>
      {error ? (
        <p id="orders-filters-error" role="alert" className="field-error orders-filters-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
