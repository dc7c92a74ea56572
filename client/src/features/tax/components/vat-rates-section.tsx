import { zodResolver } from '@hookform/resolvers/zod';
import {
  SaveVatRatesSchema,
  type SaveVatRatesInput,
  type VatRatesRow,
} from '@toolworks/contract/tax-settings';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { formatMediumDay } from '@/lib/format';
import { useSubmitOnce } from '@/lib/submit-once';
import { useResetVatRates, useSaveVatRates, useVatRates } from '../api/vat-rates';
import { countryName, percent } from './country-name';

type Done = (text: string) => void;

function RatesForm({
  row,
  onClose,
  onDone,
}: {
  row: VatRatesRow;
  onClose: () => void;
  onDone: Done;
}) {
  const save = useSaveVatRates();
  const [error, setError] = useState<string>();
  const form = useForm<SaveVatRatesInput, unknown, z.output<typeof SaveVatRatesSchema>>({
    resolver: zodResolver(SaveVatRatesSchema),
    defaultValues: { standard: row.standard, reduced: row.reduced },
  });
  const { setFocus } = form;
  useEffect(() => setFocus('standard'), [setFocus, row.country]);
  const submit = useSubmitOnce(
    form.handleSubmit((body) => {
      setError(undefined);
      save.mutate(
        { country: row.country, ...body },
        {
          onSuccess: () => {
            onDone(`${countryName(row.country)} rates saved`);
            onClose();
          },
          onError: (caught) => setError(caught.message),
        },
      );
    }),
  );
  const { errors } = form.formState;
  return (
    <form className="tax-form" onSubmit={submit} noValidate aria-labelledby="tax-rates-form-title">
      <h3 id="tax-rates-form-title">Edit rates: {countryName(row.country)}</h3>
      <div className="tax-form-fields">
        <FormField
          label="Standard rate (%)"
          hint={`Shipped: ${percent(row.defaultStandard)}`}
          error={errors.standard?.message}
        >
          {(control) => (
            <input
              className="input"
              type="number"
              step="0.001"
              inputMode="decimal"
              {...control}
              {...form.register('standard', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField
          label="Reduced rate (%)"
          hint={`Shipped: ${percent(row.defaultReduced)}`}
          error={errors.reduced?.message}
        >
          {(control) => (
            <input
              className="input"
              type="number"
              step="0.001"
              inputMode="decimal"
              {...control}
              {...form.register('reduced', { valueAsNumber: true })}
            />
          )}
        </FormField>
      </div>
      <div className="tax-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save rates
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

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
                      <td data-label="Actions" className="tax-actions">
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
