import { zodResolver } from '@hookform/resolvers/zod';
import {
  SaveVatRatesSchema,
  type SaveVatRatesInput,
  type VatRatesRow,
} from '@toolworks/contract/tax-settings';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useSubmitOnce } from '@/lib/submit-once';
import { useSaveVatRates } from '../api/vat-rates';
import { countryName, percent } from './country-name';

/** One member state's rates, opened by its Edit button; the first field takes the focus. */
export function RatesForm({
  row,
  onClose,
  onDone,
}: {
  row: VatRatesRow;
  onClose: () => void;
  onDone: (text: string) => void;
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
