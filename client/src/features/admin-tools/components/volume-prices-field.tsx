import { MAX_PRICE_TIERS } from '@toolworks/contract/pricing';
import type { CreateToolInput, ToolFormValues } from '@toolworks/contract/admin-tools';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import './volume-prices-field.css';

interface VolumePricesFieldProps {
  control: Control<ToolFormValues, unknown, CreateToolInput>;
  register: UseFormRegister<ToolFormValues>;
  errors: FieldErrors<ToolFormValues>;
}

/**
 * The "Volume prices" rows of Add a Tool and UPDATE: from a quantity on, a lower unit price.
 * Its own file so other edits to the tool form merge without touching it; the rules and their
 * messages are the shared schema's (`ToolFormSchema`), shown under each row's inputs.
 */
export function VolumePricesField({ control, register, errors }: VolumePricesFieldProps) {
  const rows = useFieldArray({ control, name: 'priceTiers' });
  const listError = errors.priceTiers?.message ?? errors.priceTiers?.root?.message;

  return (
    <fieldset className="volume-prices tool-form-wide">
      <legend className="label">Volume prices</legend>
      <p className="field-hint" id="volume-prices-hint">
        Optional. From a quantity above the minimum order on, a lower price per unit. Quantities
        rise and prices fall from row to row.
      </p>
      {rows.fields.length === 0 ? <p className="volume-prices-empty">No volume prices.</p> : null}
      <ol className="volume-prices-rows">
        {rows.fields.map((row, index) => {
          const rowErrors = errors.priceTiers?.[index];
          return (
            <li key={row.id} className="volume-prices-row">
              <FormField
                label={`From quantity (row ${index + 1})`}
                error={rowErrors?.minQuantity?.message}
              >
                {(a) => (
                  <input
                    {...a}
                    className="input"
                    inputMode="numeric"
                    autoComplete="off"
                    {...register(`priceTiers.${index}.minQuantity`)}
                  />
                )}
              </FormField>
              <FormField
                label={`Price per unit, USD (row ${index + 1})`}
                error={rowErrors?.price?.message}
              >
                {(a) => (
                  <input
                    {...a}
                    className="input"
                    inputMode="decimal"
                    autoComplete="off"
                    {...register(`priceTiers.${index}.price`)}
                  />
                )}
              </FormField>
              <button
                type="button"
                className="btn btn-secondary btn-sm volume-prices-remove"
                onClick={() => rows.remove(index)}
                aria-label={`Remove volume price row ${index + 1}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      {listError ? <p className="field-error">{listError}</p> : null}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => rows.append({ minQuantity: '', price: '' })}
        disabled={rows.fields.length >= MAX_PRICE_TIERS}
        aria-describedby="volume-prices-hint"
      >
        Add a volume price
      </button>
    </fieldset>
  );
}
