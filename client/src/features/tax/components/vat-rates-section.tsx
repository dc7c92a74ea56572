import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { formatMediumDay } from '@/lib/format';
import { useResetVatRates, useVatRates } from '../api/vat-rates';
import { countryName, percent } from './country-name';
import { RatesForm } from './rates-form';

type Done = (text: string) => void;

/** The 27 member states' VAT rates: the shipped table, with the admin's corrections. */
export function VatRatesSection({ onDone }: { onDone: Done }) {
  const rates = useVatRates();
  const reset = useResetVatRates();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const row = rates.data?.countries.find((c) => c.country === editing);
  // The form goes away on Save or Cancel: focus goes back to the row's Edit button.
  const close = () => {
    const country = editing;
    setEditing(null);
    requestAnimationFrame(() => document.getElementById(`tax-edit-${country}`)?.focus());
  };
  return (
    <section className="card" aria-labelledby="tax-eu-title">
      <div className="card-body tax-section">
        <h2 id="tax-eu-title">EU VAT rates</h2>
        {rates.isPending ? (
          <p role="status">Loading the EU VAT rates…</p>
        ) : rates.isError ? (
          <ErrorState
            title="We couldn't load the EU VAT rates."
            message={rates.error.message}
            onRetry={() => void rates.refetch()}
            retrying={rates.isFetching}
          />
        ) : (
          <>
            <p className="muted">
              The shipped rates were checked on {formatMediumDay(rates.data.checkedOn)}. Correct a
              rate when a member state changes it; Reset goes back to the shipped one.
            </p>
            {row ? <RatesForm key={row.country} row={row} onClose={close} onDone={onDone} /> : null}
            {error ? (
              <p role="alert" className="field-error">
                {error}
              </p>
            ) : null}
            <div className="tax-table-wrap">
              <table className="tax-table table-stacked">
                <caption className="visually-hidden">EU VAT rates by member state</caption>
                <thead>
                  <tr>
                    <th scope="col">Country</th>
                    <th scope="col">Standard</th>
                    <th scope="col">Reduced</th>
                    <th scope="col">Source</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rates.data.countries.map((c) => (
                    <tr key={c.country}>
                      <th scope="row" data-label="Country">
                        {countryName(c.country)}
                      </th>
                      <td data-label="Standard">{percent(c.standard)}</td>
                      <td data-label="Reduced">{percent(c.reduced)}</td>
                      <td data-label="Source">
                        {c.edited ? (
                          <span className="tax-edited">
                            Edited{c.editedBy ? ` by ${c.editedBy}` : ''}
                            {c.editedAt ? ` on ${formatMediumDay(c.editedAt.slice(0, 10))}` : ''}
                          </span>
                        ) : (
                          'Shipped'
                        )}
                      </td>
                      <td data-label="Actions">
                        <div className="tax-actions">
                          <button
                            type="button"
                            id={`tax-edit-${c.country}`}
                            className="btn btn-secondary btn-sm"
                            aria-label={`Edit ${countryName(c.country)}`}
                            onClick={() => setEditing(c.country)}
                          >
                            Edit
                          </button>
                          {c.edited ? (
                            <button
                              type="button"
                              className="btn btn-secondary btn-sm"
                              aria-label={`Reset ${countryName(c.country)}`}
                              disabled={reset.isPending}
                              onClick={() => {
                                setError(undefined);
                                reset.mutate(c.country, {
                                  onSuccess: () => onDone(`${countryName(c.country)} reset`),
                                  onError: (caught) => setError(caught.message),
                                });
                              }}
                            >
                              Reset
                            </button>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
