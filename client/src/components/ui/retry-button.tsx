/** The Retry of an admin list's failed item (a failed email, a failed document). */
export function RetryButton({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      onClick={onRetry}
      disabled={retrying}
      aria-busy={retrying}
    >
      {retrying ? 'Retrying…' : 'Retry'}
    </button>
  );
}
