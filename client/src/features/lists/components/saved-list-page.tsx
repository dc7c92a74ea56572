import type { AddedCartLine } from '@toolworks/contract/cart';
import { listQuantitySchema, type SavedList, type SavedListLine } from '@toolworks/contract/lists';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useListToCart, useRemoveListLine, useSavedList, useSetListLine } from '../api/saved-lists';
import './lists.css';

const STATUS_TEXT: Record<SavedListLine['status'], string> = {
  available: 'In stock',
  sold_out: 'Sold out',
  unavailable: 'No longer available',
};

/** /dashboard/saved-lists/:id: one list's lines, their quantities, and Add all to cart. */
export function SavedListPage({ listId }: { listId: string }) {
  const list = useSavedList(listId);
  const { toast, show, dismiss } = useToast();

  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    const missing = list.error instanceof ApiError && [400, 404].includes(list.error.status);
    return missing ? (
      <NotFoundState
        title="Saved list"
        message="We couldn't find this list."
        detail="It may have been deleted, or it belongs to another account."
        back={{ to: paths.dashboard.savedLists, label: 'Back to Saved lists' }}
      />
    ) : (
      <ErrorState
        title="We couldn't load this list."
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const data = list.data;

  return (
    <section className="lists-page" aria-labelledby="saved-list-title">
      <title>{`${data.name} · Saved lists · Toolworks`}</title>
      <h1 id="saved-list-title">{data.name}</h1>
      {data.owned ? null : (
        <p className="muted">
          Shared by {data.ownerEmail}: you can add it to your cart; only its owner changes it.
        </p>
      )}
      {data.lines.length === 0 ? (
        <div className="alert alert-info">
          <p className="alert-title">This list is empty.</p>
          <p>Use Add to list on a tool's page or on one of your orders to fill it.</p>
        </div>
      ) : (
        <>
          <ul className="lists-lines" aria-label={`Tools on ${data.name}`}>
            {data.lines.map((line) => (
              <ListLine
                key={line.toolId}
                listId={data._id}
                line={line}
                editable={data.owned}
                onError={(text) => show(text, 'error')}
              />
            ))}
          </ul>
          <p className="lists-total">
            Today's total of the tools in stock <strong>{formatPrice(data.total)}</strong>
          </p>
          <AddAllToCart list={data} onError={(text) => show(text, 'error')} />
        </>
      )}
      <Link to={paths.dashboard.savedLists}>Back to Saved lists</Link>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}

function ListLine({
  listId,
  line,
  editable,
  onError,
}: {
  listId: string;
  line: SavedListLine;
  /** The owner's own list; a colleague's shared one is read-only. */
  editable: boolean;
  onError: (text: string) => void;
}) {
  const setLine = useSetListLine();
  const removeLine = useRemoveListLine();
  const [value, setValue] = useState(String(line.quantity));
  const [problem, setProblem] = useState<string | null>(null);
  const busy = setLine.isPending || removeLine.isPending;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = listQuantitySchema.safeParse(Number(value.trim() || Number.NaN));
    if (!parsed.success) {
      return setProblem(parsed.error.issues[0]?.message ?? 'Enter a whole number');
    }
    setProblem(null);
    setLine.mutate(
      { id: listId, toolId: line.toolId, quantity: parsed.data },
      { onError: (error) => onError(error.message) },
    );
  };
  const problemId = `line-${line.toolId}-problem`;

  return (
    <li className="card lists-line">
      <div className="card-body lists-line-body">
        <div className="lists-line-name">
          {line.status === 'unavailable' ? (
            <span>{line.name}</span>
          ) : (
            <Link to={paths.tool(line.toolId)}>{line.name}</Link>
          )}
          <span className={`lists-status lists-status-${line.status}`}>
            {STATUS_TEXT[line.status]}
          </span>
          {line.unitPrice !== null ? (
            <span className="muted">
              {formatPrice(line.unitPrice)} each · {formatPrice(line.lineTotal ?? 0)}
            </span>
          ) : null}
        </div>
        {editable ? null : <span className="muted">Quantity: {line.quantity}</span>}
        {editable ? (
          <form className="lists-line-form" onSubmit={save} noValidate>
            <label className="label" htmlFor={`line-${line.toolId}`}>
              Quantity of {line.name}
            </label>
            <div className="lists-actions">
              <input
                id={`line-${line.toolId}`}
                className="input lists-quantity"
                inputMode="numeric"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
              />
              <button type="submit" className="btn btn-secondary btn-sm" disabled={busy}>
                Save
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Remove ${line.name}`}
                disabled={busy}
                onClick={() =>
                  removeLine.mutate(
                    { id: listId, toolId: line.toolId },
                    { onError: (error) => onError(error.message) },
                  )
                }
              >
                Remove
              </button>
            </div>
            {problem ? (
              <p id={problemId} className="field-error">
                {problem}
              </p>
            ) : null}
          </form>
        ) : null}
      </div>
    </li>
  );
}

function AddAllToCart({ list, onError }: { list: SavedList; onError: (text: string) => void }) {
  const toCart = useListToCart();
  const [report, setReport] = useState<AddedCartLine[] | null>(null);
  const notAsListed = report?.filter((line) => line.status !== 'added') ?? [];

  return (
    <div className="lists-to-cart">
      <button
        type="button"
        className="btn btn-primary"
        disabled={toCart.isPending}
        onClick={() =>
          toCart.mutate(list._id, {
            onSuccess: (result) => setReport(result.lines),
            onError: (error) => onError(error.message),
          })
        }
      >
        {toCart.isPending ? 'Adding…' : 'Add all to cart'}
      </button>
      {report ? (
        <div role="status" className="alert alert-info">
          <p className="alert-title">
            {report.length - notAsListed.length} of {report.length}{' '}
            {report.length === 1 ? 'line was' : 'lines were'} added as listed.
          </p>
          {notAsListed.length ? (
            <ul>
              {notAsListed.map((line) => (
                <li key={line.toolId}>
                  {line.name ?? 'A tool'}: {line.message}
                  {line.status === 'refused' ? ' (not added)' : ''}
                </li>
              ))}
            </ul>
          ) : null}
          <Link to={paths.cart}>Go to your cart</Link>
        </div>
      ) : null}
    </div>
  );
}
