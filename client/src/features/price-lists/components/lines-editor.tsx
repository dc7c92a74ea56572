import type { Category } from '@toolworks/contract/tools';
import { useState } from 'react';
import { get, useFieldArray, useFormContext, type Path } from 'react-hook-form';
import { formatCount } from '@/lib/format';
import { FormField } from '@/components/ui/form-field';
import { errorAt } from './field-error';
import { FixedLineFields } from './fixed-line-fields';
import { blankLine, type LineValues, type PriceListValues } from './price-list-values';

type LinesPath = 'lines' | `versions.${number}.lines`;

// A list of thousands of lines (most often imported) draws the first ones until asked for all:
// the rest keep their values in the form and are sent with it.
const FIRST_LINES = 100;

const KIND: Record<LineValues['type'], string> = {
  fixed: 'fixed price',
  category: 'category discount',
  all: 'percent off everything',
};

function PercentLine({
  path,
  line,
  categories,
}: {
  path: `${LinesPath}.${number}`;
  line: LineValues;
  categories: Category[];
}) {
  const { register, formState } = useFormContext<PriceListValues>();
  const at = (field: string) => `${path}.${field}` as Path<PriceListValues>;
  const error = (field: string) => errorAt(formState.errors, `${path}.${field}`);
  return (
    <div className="price-line-row">
      {line.type === 'category' ? (
        <FormField label="Category" error={error('category')}>
          {(a) => (
            <select {...a} className="input" {...register(at('category'))}>
              <option value="">Choose a category</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <FormField label="Percent off" error={error('percentOff')}>
        {(a) => (
          <input {...a} className="input" inputMode="decimal" {...register(at('percentOff'))} />
        )}
      </FormField>
    </div>
  );
}

/**
 * A list's (or a version's) lines: fixed prices per SKU with their breaks, percentages off a
 * category, and at most one percentage off everything. Within one list a fixed price beats a
 * percentage (the resolver's rule); the order here is only the order they were added.
 */
export function LinesEditor({
  name,
  label,
  categories,
}: {
  name: LinesPath;
  /** What each line's legend starts with: "Line" or "Version 2026-01-01, line". */
  label: string;
  categories: Category[];
}) {
  const { control, formState } = useFormContext<PriceListValues>();
  const lines = useFieldArray({ control, name });
  const [showAll, setShowAll] = useState(false);
  // A line's kind is fixed when it is added, so the fields' own copy says it without watching
  // every keystroke of every line.
  const hasAll = lines.fields.some((line) => line.type === 'all');
  const listError = errorAt(formState.errors, name) ?? errorAt(formState.errors, `${name}.root`);
  // An error on a line not drawn yet draws them all, so it is seen (and focusable).
  const lineErrors = get<unknown, unknown[] | undefined>(formState.errors, name);
  const errorBeyond = Array.isArray(lineErrors) && lineErrors.length > FIRST_LINES;
  // A new line goes at the end: draw them all so it is seen and takes the focus.
  const add = (type: LineValues['type']) => {
    setShowAll(true);
    lines.append(blankLine(type));
  };
  const shown = showAll || errorBeyond ? lines.fields : lines.fields.slice(0, FIRST_LINES);
  return (
    <div className="price-lines">
      {listError ? <p className="field-error">{listError}</p> : null}
      {lines.fields.length === 0 ? <p className="muted">No lines yet.</p> : null}
      {shown.map((line, i) => {
        const path = `${name}.${i}` as const;
        const legend = `${label} ${i + 1}: ${KIND[line.type]}`;
        const lineError = errorAt(formState.errors, path);
        return (
          <fieldset key={line.id} className="price-line">
            <legend>{legend}</legend>
            {lineError ? <p className="field-error">{lineError}</p> : null}
            {line.type === 'fixed' ? (
              <FixedLineFields path={path} />
            ) : (
              <PercentLine path={path} line={line} categories={categories} />
            )}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`Remove ${legend}`}
              onClick={() => lines.remove(i)}
            >
              Remove
            </button>
          </fieldset>
        );
      })}
      {shown.length < lines.fields.length ? (
        <button type="button" className="btn btn-secondary" onClick={() => setShowAll(true)}>
          Show all {formatCount(lines.fields.length)} lines
        </button>
      ) : null}
      <div className="price-line-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => add('fixed')}>
          Add a fixed price
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => add('category')}>
          Add a category discount
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={hasAll}
          onClick={() => add('all')}
        >
          Add a percentage off everything
        </button>
      </div>
    </div>
  );
}
