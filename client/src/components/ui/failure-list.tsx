import type { ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { ToastRegion, type useToast } from '@/components/ui/toast';
import './failure-list.css';

/*
 * An admin's list of what the shop gave up on and a person can send again: Failed Emails and
 * Failed Documents. The page (its states: loading, error, empty, the list) and each item's card
 * (its facts and Retry) are drawn once here; each feature says what its items are.
 */

export const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

export interface Fact {
  label: string;
  value: ReactNode;
  /** The error: across the whole card, in red. */
  error?: boolean;
}

/** One failed item: its title, its facts and Retry. */
export function FailureCard({
  id,
  title,
  facts,
  retrying,
  onRetry,
}: {
  id: string;
  title: ReactNode;
  facts: Fact[];
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <li className="card failure-card" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="failure-subject">
          {title}
        </h2>
        <dl className="failure-facts">
          {facts.map((fact) => (
            <div key={fact.label} className={fact.error ? 'failure-error' : undefined}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    </li>
  );
}

/** The list's page: a heading ("Failed Emails"), what it holds, and its states. */
export function FailureList<T>({
  title,
  intro,
  list,
  empty,
  toast,
  children,
}: {
  title: string;
  intro: ReactNode;
  list: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: Error | null;
    data: T[] | undefined;
    refetch: () => unknown;
  };
  empty: string;
  toast: ReturnType<typeof useToast>;
  /** The items' cards (`FailureCard`s). */
  children: (items: T[]) => ReactNode;
}) {
  const titleId = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  const lower = title.toLowerCase();
  return (
    <section className="failure-list-page" aria-labelledby={titleId}>
      <title>{`${title} · Toolworks`}</title>
      <header className="failure-list-header">
        <h1 id={titleId}>{title}</h1>
        <p className="muted">{intro}</p>
      </header>
      {list.isPending ? (
        <p role="status" className="muted">
          Loading {lower}…
        </p>
      ) : list.isError || !list.data ? (
        <ErrorState
          title={`We couldn't load the ${lower}.`}
          message={list.error?.message ?? 'Please try again.'}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <p className="alert alert-info">{empty}</p>
      ) : (
        <ul className="failure-list" aria-label={title.charAt(0) + lower.slice(1)}>
          {children(list.data)}
        </ul>
      )}
      <ToastRegion toast={toast.toast} onDismiss={toast.dismiss} />
    </section>
  );
}
