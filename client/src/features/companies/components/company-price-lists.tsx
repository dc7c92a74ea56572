import { PRICE_POLICIES, type PricePolicy } from '@toolworks/contract/price-lists';
import type { CompanyDetail } from '@toolworks/contract/companies';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePriceLists } from '@/lib/price-lists';
import { useSaveCompany } from '../api/admin-companies';

const POLICY_LABELS: Record<PricePolicy, string> = {
  lowest: 'Lowest price wins',
  priority: 'First list in order wins',
};

/** The company's own fields as PUT /companies/{id} takes them: the pricing rides along. */
const companyBody = (company: CompanyDetail) => ({
  name: company.name,
  vatId: company.vatId,
  billingAddress: company.billingAddress,
  deliveryAddresses: company.deliveryAddresses.map(({ label, address }) => ({ label, address })),
  paymentTerms: company.paymentTerms,
  creditLimit: company.creditLimit,
});

const move = <T,>(items: T[], from: number, to: number) => {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * The company's price lists in priority order, and how several matching lists are weighed.
 * Moving keeps focus on the button pressed (a button at the end says so rather than vanishing
 * from the keyboard's path by being disabled).
 */
export function CompanyPriceLists({
  company,
  onSaved,
}: {
  company: CompanyDetail;
  onSaved: (text: string) => void;
}) {
  const lists = usePriceLists();
  const save = useSaveCompany(company._id);
  const addId = useId();
  const [assigned, setAssigned] = useState<string[]>(company.priceListIds ?? []);
  const [policy, setPolicy] = useState<PricePolicy>(company.pricePolicy ?? 'lowest');
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string>();
  // Removing a list or adding one takes away the button pressed: the keyboard goes on from the
  // select, the next thing to use.
  const addRef = useRef<HTMLSelectElement>(null);
  const names = new Map((lists.data ?? []).map((list) => [list._id, list]));
  const nameOf = (id: string) =>
    names.get(id)?.name ?? (lists.isPending ? 'Loading…' : 'A list no longer found');
  const unassigned = (lists.data ?? []).filter((list) => !assigned.includes(list._id));

  const submit = () => {
    setError(undefined);
    save.mutate(
      { ...companyBody(company), priceListIds: assigned, pricePolicy: policy },
      {
        onSuccess: () => onSaved(`${company.name}'s price lists saved`),
        onError: (caught) => setError(caught.message),
      },
    );
  };

  return (
    <section className="card" aria-labelledby="company-price-lists-title">
      <div className="card-body company-price-lists">
        <h2 id="company-price-lists-title">Price lists</h2>
        {assigned.length === 0 ? (
          <p className="muted">None: this company pays the catalogue's prices.</p>
        ) : (
          <ol className="company-price-list-order" aria-label="Assigned price lists, in order">
            {assigned.map((id, index) => {
              const name = nameOf(id);
              const first = index === 0;
              const last = index === assigned.length - 1;
              return (
                <li key={id}>
                  <span>
                    {name}
                    {names.get(id) ? ` (${names.get(id)!.currency})` : ''}
                  </span>
                  <span className="company-price-list-buttons">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Move ${name} up`}
                      aria-disabled={first}
                      onClick={() => !first && setAssigned((ids) => move(ids, index, index - 1))}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Move ${name} down`}
                      aria-disabled={last}
                      onClick={() => !last && setAssigned((ids) => move(ids, index, index + 1))}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Remove ${name}`}
                      onClick={() => {
                        setAssigned((ids) => ids.filter((other) => other !== id));
                        addRef.current?.focus();
                      }}
                    >
                      Remove
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {lists.isError ? (
          <p role="alert" className="field-error">
            {lists.error.message}
          </p>
        ) : null}
        <div className="company-price-list-add">
          <div className="field">
            <label className="label" htmlFor={addId}>
              Add a price list
            </label>
            <select
              ref={addRef}
              id={addId}
              className="input"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
            >
              <option value="">Choose a list</option>
              {unassigned.map((list) => (
                <option key={list._id} value={list._id}>
                  {list.name} ({list.currency})
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!adding}
            onClick={() => {
              setAssigned((ids) => [...ids, adding]);
              setAdding('');
              addRef.current?.focus();
            }}
          >
            Add
          </button>
        </div>
        {lists.data?.length === 0 ? (
          <p className="muted">
            No price lists yet: <Link to={paths.dashboard.newPriceList}>make one</Link>.
          </p>
        ) : null}
        <fieldset className="company-price-policy">
          <legend className="label">When several lists price a tool</legend>
          {PRICE_POLICIES.map((value) => (
            <label key={value} className="company-price-policy-option">
              <input
                type="radio"
                name={`price-policy-${company._id}`}
                value={value}
                checked={policy === value}
                onChange={() => setPolicy(value)}
              />{' '}
              {POLICY_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="alert alert-error">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          disabled={save.isPending}
          onClick={submit}
        >
          {save.isPending ? 'Saving…' : 'Save price lists'}
        </button>
      </div>
    </section>
  );
}
