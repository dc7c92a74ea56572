import type { PriceListSummary } from '@toolworks/contract/price-lists';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { usePriceLists } from '@/lib/price-lists';
import './price-lists.css';

function validity(list: Pick<PriceListSummary, 'validFrom' | 'validTo'>): string {
  if (list.validFrom && list.validTo) return `${list.validFrom} to ${list.validTo}`;
  if (list.validFrom) return `from ${list.validFrom}`;
  if (list.validTo) return `until ${list.validTo}`;
  return 'Always';
}

function ListsTable({ lists }: { lists: PriceListSummary[] }) {
  const names = new Map(lists.map((list) => [list._id, list.name]));
  return (
    <div className="price-lists-table-wrap">
      <table className="price-lists-table table-stacked">
        <caption className="visually-hidden">Price lists</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Currency</th>
            <th scope="col">Valid</th>
            <th scope="col">Parent</th>
            <th scope="col">Lines</th>
            <th scope="col">Companies</th>
          </tr>
        </thead>
        <tbody>
          {lists.map((list) => (
            <tr key={list._id}>
              <td data-label="Name">
                <Link to={paths.dashboard.priceList(list._id)}>{list.name}</Link>
                {list.versionStarts.length ? (
                  <span className="muted"> (new prices from {list.versionStarts.join(', ')})</span>
                ) : null}
              </td>
              <td data-label="Currency">{list.currency}</td>
              <td data-label="Valid">{validity(list)}</td>
              <td data-label="Parent">
                {list.parentId ? (names.get(list.parentId) ?? 'Another list') : '—'}
              </td>
              <td data-label="Lines">{formatCount(list.lineCount)}</td>
              <td data-label="Companies">{formatCount(list.companyIds.length)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Price lists (admins): every list, with a way to a new one. */
export function PriceLists() {
  const lists = usePriceLists();
  return (
    <section className="price-lists-page" aria-labelledby="price-lists-title">
      <title>Price lists · Toolworks</title>
      <header className="price-lists-header">
        <h1 id="price-lists-title">Price lists</h1>
        <Link className="btn btn-primary" to={paths.dashboard.newPriceList}>
          New price list
        </Link>
      </header>
      <p className="muted">
        Contract prices for companies: assign a list on a company's page. A list assigned to no
        company applies to nobody.
      </p>
      {lists.isPending ? (
        <PageLoader />
      ) : lists.isError ? (
        <ErrorState
          title="We couldn't load the price lists."
          message={lists.error.message}
          onRetry={() => void lists.refetch()}
          retrying={lists.isFetching}
        />
      ) : lists.data.length === 0 ? (
        <p className="alert alert-info">No price lists yet. Make the first with New price list.</p>
      ) : (
        <ListsTable lists={lists.data} />
      )}
    </section>
  );
}
