import { useFieldArray } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import type { ToolForm } from './number-fields';
import { useCategoryOptions } from '../api/get-categories';
import { NewCategory } from './new-category';

/** Category, datasheet and the specifications table (name/value rows) of the tool form. */
export function ToolCatalogueFields({ form }: { form: ToolForm }) {
  const categories = useCategoryOptions();
  const specs = useFieldArray({ control: form.control, name: 'specs' });
  const { errors } = form.formState;
  return (
    <>
      <FormField label="Category" error={errors.category?.message}>
        {(a) =>
          // Mounted once the options are there: a select registered before them showed "Other"
          // for a tool that has a category (its value matched no option yet, and stayed unset).
          categories.data ? (
            <select
              {...a}
              className="input"
              {...form.register('category', { setValueAs: (value: string) => value || undefined })}
            >
              <option value="">Other (no category)</option>
              {categories.data
                .filter((c) => c.slug !== 'other')
                .map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
            </select>
          ) : (
            <select {...a} className="input" disabled>
              <option>{categories.isError ? 'Categories could not be loaded' : 'Loading…'}</option>
            </select>
          )
        }
      </FormField>
      <div className="tool-form-new-category">
        <NewCategory />
      </div>
      <FormField
        label="Datasheet URL"
        error={errors.datasheetUrl?.message}
        hint="Optional: an https:// address of the PDF datasheet."
      >
        {(a) => (
          <input
            {...a}
            className="input"
            inputMode="url"
            autoComplete="off"
            {...form.register('datasheetUrl')}
          />
        )}
      </FormField>
      <fieldset className="tool-form-wide tool-form-specs">
        <legend>Key specifications</legend>
        {specs.fields.length === 0 ? <p className="muted">No specifications yet.</p> : null}
        {specs.fields.map((field, index) => (
          <div key={field.id} className="tool-form-spec-row">
            <FormField
              label={`Specification ${index + 1} name`}
              error={errors.specs?.[index]?.name?.message}
            >
              {(a) => (
                <input
                  {...a}
                  className="input"
                  autoComplete="off"
                  {...form.register(`specs.${index}.name`)}
                />
              )}
            </FormField>
            <FormField
              label={`Specification ${index + 1} value`}
              error={errors.specs?.[index]?.value?.message}
            >
              {(a) => (
                <input
                  {...a}
                  className="input"
                  autoComplete="off"
                  {...form.register(`specs.${index}.value`)}
                />
              )}
            </FormField>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => specs.remove(index)}
            >
              Remove<span className="visually-hidden"> specification {index + 1}</span>
            </button>
          </div>
        ))}
        {errors.specs?.message ? <p className="field-error">{errors.specs.message}</p> : null}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => specs.append({ name: '', value: '' })}
        >
          Add a specification
        </button>
      </fieldset>
    </>
  );
}
