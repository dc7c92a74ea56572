import type { PriceList } from '@toolworks/contract/price-lists';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDeletePriceList } from '../api/delete-price-list';
import { useCategories } from '../api/get-categories';
import { usePriceList } from '../api/get-price-list';
import { LinesImport } from './lines-import';
import { PriceListForm } from './price-list-form';
import './price-lists.css';

function DeleteList({ list, onFailed }: { list: PriceList; onFailed: (text: string) => void }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeletePriceList();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
        Delete price list
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${list.name}?`}
        confirmLabel="Yes, delete"
        cancelLabel="No, keep"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(list._id, {
            onSuccess: () => void navigate(paths.dashboard.priceLists),
            onError: (error) => {
              setAsking(false);
              onFailed(error.message);
            },
          })
        }
        onCancel={() => setAsking(false)}
      >
        <p>
          It is taken off the {list.companyIds.length} companies it is assigned to. Orders already
          placed keep their prices.
        </p>
      </ConfirmDialog>
    </>
  );
}

function Editor({ list, onSaved }: { list?: PriceList; onSaved: (list: PriceList) => void }) {
  const categories = useCategories();
  if (categories.isPending) return <PageLoader />;
  if (categories.isError)
    return (
      <ErrorState
        title="We couldn't load the categories."
        message={categories.error.message}
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  return (
    <PriceListForm
      key={list?.updatedAt ?? 'new'}
      list={list}
      categories={categories.data}
      onSaved={onSaved}
    />
  );
}

/** A new price list: once created, its own page takes over (CSV import needs its id). */
export function NewPriceList() {
  const navigate = useNavigate();
  return (
    <section className="price-list-page" aria-labelledby="price-list-title">
      <title>New price list · Toolworks</title>
      <p>
        <Link to={paths.dashboard.priceLists}>← All price lists</Link>
      </p>
      <h1 id="price-list-title">New price list</h1>
      <Editor
        onSaved={(list) => void navigate(paths.dashboard.priceList(list._id), { replace: true })}
      />
    </section>
  );
}

/** One price list (admins): edit it whole, export or import its lines, delete it. */
export function PriceListPage({ id }: { id: string }) {
  const list = usePriceList(id);
  const { toast, show, dismiss } = useToast();
  const name = list.data?.name ?? 'Price list';
  return (
    <section className="price-list-page" aria-labelledby="price-list-title">
      <title>{`${name} · Toolworks`}</title>
      <p>
        <Link to={paths.dashboard.priceLists}>← All price lists</Link>
      </p>
      <h1 id="price-list-title">{name}</h1>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError && list.error instanceof ApiError && list.error.status === 404 ? (
        <div className="alert alert-info">
          <p className="alert-title">We couldn't find this price list.</p>
          <p>It may have been deleted.</p>
          <Link className="btn btn-secondary btn-sm" to={paths.dashboard.priceLists}>
            Back to Price lists
          </Link>
        </div>
      ) : list.isError ? (
        <ErrorState
          title="We couldn't load this price list."
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <>
          <Editor list={list.data} onSaved={(saved) => show(`${saved.name} saved`)} />
          <LinesImport list={list.data} />
          <DeleteList list={list.data} onFailed={(text) => show(text, 'error')} />
        </>
      )}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
