import './pagination.css';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Orders pages". */
  label: string;
  busy?: boolean;
}

/** Previous / "Page n of m" / Next for lists paged by the API's X-Total-Count. */
export function Pagination({ page, totalPages, onChange, label, busy = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </button>
      <p className="pager-status" aria-live="polite" aria-busy={busy}>
        Page {page} of {totalPages}
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** The page number in `?page=`, 1 when missing or nonsense. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
