interface ErrorStateProps {
  title: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorState({ title, message, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div className="alert alert-error" role="alert">
      <p className="alert-title">{title}</p>
      {message ? <p>{message}</p> : null}
      {onRetry ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={onRetry}
          disabled={retrying}
        >
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      ) : null}
    </div>
  );
}
