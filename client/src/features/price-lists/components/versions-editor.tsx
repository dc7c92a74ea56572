import type { Category } from '@toolworks/contract/tools';
import { PRICE_LIST_MAX_VERSIONS } from '@toolworks/contract/price-lists';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { errorAt } from './field-error';
import { LinesEditor } from './lines-editor';
import type { PriceListValues } from './price-list-values';

/**
 * Future-dated versions: from its start date a version's lines replace the list's (a price rise
 * on 1 January, entered in December). A new one starts as a copy of the current lines, since a
 * price rise most often changes a few of them.
 */
export function VersionsEditor({ categories }: { categories: Category[] }) {
  const { control, register, getValues, formState } = useFormContext<PriceListValues>();
  const versions = useFieldArray({ control, name: 'versions' });
  return (
    <section className="price-versions" aria-labelledby="price-versions-title">
      <h2 id="price-versions-title">Future versions</h2>
      {versions.fields.length === 0 ? (
        <p className="muted">None: the lines above apply on every day the list is valid.</p>
      ) : null}
      {versions.fields.map((field, v) => (
        <fieldset key={field.id} className="price-version">
          <legend>Version {v + 1}</legend>
          <FormField
            label={`Version ${v + 1} starts on`}
            error={errorAt(formState.errors, `versions.${v}.startsOn`)}
          >
            {(a) => (
              <input {...a} className="input" type="date" {...register(`versions.${v}.startsOn`)} />
            )}
          </FormField>
          <LinesEditor
            name={`versions.${v}.lines`}
            label={`Version ${v + 1}, line`}
            categories={categories}
          />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => versions.remove(v)}
          >
            Remove version {v + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={versions.fields.length >= PRICE_LIST_MAX_VERSIONS}
        onClick={() =>
          versions.append({ startsOn: '', lines: structuredClone(getValues('lines')) })
        }
      >
        Add a version (copies the current lines)
      </button>
    </section>
  );
}
