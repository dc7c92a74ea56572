import { useFieldArray, useFormContext, type Path } from 'react-hook-form';
import { PRICE_LIST_MAX_BREAKS } from '@toolworks/contract/price-lists';
import { FormField } from '@/components/ui/form-field';
import { errorAt } from './field-error';
import type { PriceListValues } from './price-list-values';

/** A fixed net price for one SKU: the price, its quantity breaks, and optional quantity rules. */
export function FixedLineFields({
  path,
}: {
  path: `lines.${number}` | `versions.${number}.lines.${number}`;
}) {
  const { register, control, formState } = useFormContext<PriceListValues>();
  const at = (field: string) => `${path}.${field}` as Path<PriceListValues>;
  const error = (field: string) => errorAt(formState.errors, `${path}.${field}`);
  const breaks = useFieldArray({ control, name: `${path}.breaks` });
  return (
    <>
      <div className="price-line-row">
        <FormField label="SKU" error={error('sku')}>
          {(a) => <input {...a} className="input" autoComplete="off" {...register(at('sku'))} />}
        </FormField>
        <FormField label="Price ($)" error={error('price')}>
          {(a) => <input {...a} className="input" inputMode="decimal" {...register(at('price'))} />}
        </FormField>
        <FormField label="Minimum order (optional)" error={error('minimumOrderQuantity')}>
          {(a) => (
            <input
              {...a}
              className="input"
              inputMode="numeric"
              {...register(at('minimumOrderQuantity'))}
            />
          )}
        </FormField>
        <FormField label="Order multiple (optional)" error={error('orderMultiple')}>
          {(a) => (
            <input
              {...a}
              className="input"
              inputMode="numeric"
              {...register(at('orderMultiple'))}
            />
          )}
        </FormField>
      </div>
      {breaks.fields.length ? (
        <ul className="price-breaks" aria-label="Quantity breaks">
          {breaks.fields.map((field, j) => (
            <li key={field.id} className="price-line-row">
              <FormField
                label={`Break ${j + 1}: from quantity`}
                error={error(`breaks.${j}.minQuantity`)}
              >
                {(a) => (
                  <input
                    {...a}
                    className="input"
                    inputMode="numeric"
                    {...register(at(`breaks.${j}.minQuantity`))}
                  />
                )}
              </FormField>
              <FormField label={`Break ${j + 1}: price ($)`} error={error(`breaks.${j}.price`)}>
                {(a) => (
                  <input
                    {...a}
                    className="input"
                    inputMode="decimal"
                    {...register(at(`breaks.${j}.price`))}
                  />
                )}
              </FormField>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Remove break ${j + 1}`}
                onClick={() => breaks.remove(j)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={breaks.fields.length >= PRICE_LIST_MAX_BREAKS}
        onClick={() => breaks.append({ minQuantity: '', price: '' })}
      >
        Add a quantity break
      </button>
    </>
  );
}
