import { INCOMING_BATCHES_MAX } from '@toolworks/contract/availability';
import type { CreateToolInput, ToolFormValues } from '@toolworks/contract/admin-tools';
import { useId } from 'react';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import './volume-prices-field.css';

interface AvailabilityFieldProps {
  control: Control<ToolFormValues, unknown, CreateToolInput>;
  register: UseFormRegister<ToolFormValues>;
  errors: FieldErrors<ToolFormValues>;
}

/**
 * Lead time, backorders and the incoming batches of Add a Tool and UPDATE (issue 25). The rules
 * are the shared schema's; that a date is not past is the server's (its clock), said here too.
 */
export function AvailabilityField({ control, register, errors }: AvailabilityFieldProps) {
  const rows = useFieldArray({ control, name: 'incomingStock' });
  const backordersId = useId();
  const listError = errors.incomingStock?.message ?? errors.incomingStock?.root?.message;

  return (
    <fieldset className="volume-prices tool-form-wide">
      <legend className="label">Lead time and incoming stock</legend>
      <FormField
        label="Lead time (days)"
        error={errors.leadTimeDays?.message}
        hint="Days to make more. Blank when the tool is not made to order."
      >
        {(a) => (
          <input
            {...a}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            {...register('leadTimeDays')}
          />
        )}
      </FormField>
      <div className="tool-form-check">
        <input id={backordersId} type="checkbox" {...register('allowBackorders')} />
        <label htmlFor={backordersId}>
          Allow backorders (buyers may order beyond stock: from the incoming batches, then the lead
          time)
        </label>
      </div>
      <p className="field-hint" id="incoming-stock-hint">
        Incoming batches from the production plan: how many, and the day they are expected (today or
        later). Units already promised to orders stay with their batch.
      </p>
      {rows.fields.length === 0 ? (
        <p className="volume-prices-empty">No incoming batches.</p>
      ) : null}
      <ol className="volume-prices-rows">
        {rows.fields.map((row, index) => {
          const rowErrors = errors.incomingStock?.[index];
          return (
            <li key={row.id} className="volume-prices-row">
              <FormField
                label={`Batch quantity (batch ${index + 1})`}
                error={rowErrors?.quantity?.message}
              >
                {(a) => (
                  <input
                    {...a}
                    className="input"
                    inputMode="numeric"
                    autoComplete="off"
                    {...register(`incomingStock.${index}.quantity`)}
                  />
                )}
              </FormField>
              <FormField
                label={`Expected date (batch ${index + 1})`}
                error={rowErrors?.expectedDate?.message}
              >
                {(a) => (
                  <input
                    {...a}
                    type="date"
                    className="input"
                    {...register(`incomingStock.${index}.expectedDate`)}
                  />
                )}
              </FormField>
              <button
                type="button"
                className="btn btn-secondary btn-sm volume-prices-remove"
                onClick={() => rows.remove(index)}
                aria-label={`Remove batch ${index + 1}`}
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
        onClick={() => rows.append({ quantity: '', expectedDate: '' })}
        disabled={rows.fields.length >= INCOMING_BATCHES_MAX}
        aria-describedby="incoming-stock-hint"
      >
        Add an incoming batch
      </button>
    </fieldset>
  );
}
