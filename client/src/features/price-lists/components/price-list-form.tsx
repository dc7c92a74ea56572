import { zodResolver } from '@hookform/resolvers/zod';
import {
  SavePriceListSchema,
  type PriceList,
  type SavePriceList,
} from '@toolworks/contract/price-lists';
import type { Category } from '@toolworks/contract/tools';
import { useState } from 'react';
import { FormProvider, useForm, type Path, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { usePriceLists } from '@/lib/price-lists';
import { useSubmitOnce } from '@/lib/submit-once';
import { useSavePriceList } from '../api/save-price-list';
import { errorAt } from './field-error';
import { LinesEditor } from './lines-editor';
import { formValues, saveBody, type PriceListValues } from './price-list-values';
import { VersionsEditor } from './versions-editor';

// The contract's own schema, over the body the inputs make: its issue paths are the inputs' names.
const resolver: Resolver<PriceListValues, unknown, SavePriceList> = zodResolver(
  z.preprocess((values: PriceListValues) => saveBody(values), SavePriceListSchema),
);

/** The server's field errors (`details: [{ path, message }]`), each next to its input. */
function fieldErrors(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return (error.details as { path?: unknown; message?: unknown }[]).filter(
    (d): d is { path: string; message: string } =>
      typeof d.path === 'string' && d.path !== '' && typeof d.message === 'string',
  );
}

interface PriceListFormProps {
  list?: PriceList;
  categories: Category[];
  onSaved: (list: PriceList) => void;
}

/** A price list, whole: its details, its lines and its future versions; Save replaces it. */
export function PriceListForm({ list, categories, onSaved }: PriceListFormProps) {
  const save = useSavePriceList(list?._id);
  const lists = usePriceLists();
  const form = useForm<PriceListValues, unknown, SavePriceList>({
    resolver,
    defaultValues: formValues(list),
  });
  const { register, formState } = form;
  const error = (path: string) => errorAt(formState.errors, path);
  const [serverError, setServerError] = useState<string>();

  const submit = useSubmitOnce(
    form.handleSubmit((body) => {
      setServerError(undefined);
      return save.mutateAsync(body).then(onSaved, (caught: Error) => {
        const details = fieldErrors(caught);
        details.forEach(({ path, message }, index) =>
          form.setError(
            path as Path<PriceListValues>,
            { type: 'server', message },
            {
              shouldFocus: index === 0,
            },
          ),
        );
        setServerError(caught.message);
      });
    }),
  );

  const parents = (lists.data ?? []).filter((other) => other._id !== list?._id);
  return (
    <FormProvider {...form}>
      <form className="price-list-form" onSubmit={submit} noValidate aria-label="Price list">
        <div className="card">
          <div className="card-body price-list-details">
            <h2>Details</h2>
            <FormField label="Name" error={error('name')}>
              {(a) => <input {...a} className="input" {...register('name')} />}
            </FormField>
            <FormField
              label="Currency"
              error={error('currency')}
              hint="Three letters, like USD. Left blank: the shop's currency."
            >
              {(a) => <input {...a} className="input" maxLength={3} {...register('currency')} />}
            </FormField>
            <FormField label="Valid from (optional)" error={error('validFrom')}>
              {(a) => <input {...a} className="input" type="date" {...register('validFrom')} />}
            </FormField>
            <FormField label="Valid to (optional)" error={error('validTo')}>
              {(a) => <input {...a} className="input" type="date" {...register('validTo')} />}
            </FormField>
            <FormField
              label="Parent list"
              error={error('parentId')}
              hint="A percentage off everything then counts from the parent's prices."
            >
              {(a) => (
                <select {...a} className="input" {...register('parentId')}>
                  <option value="">None (the catalogue's prices)</option>
                  {parents.map((other) => (
                    <option key={other._id} value={other._id}>
                      {other.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        </div>
        <div className="card">
          <div className="card-body">
            <h2>Lines</h2>
            <LinesEditor name="lines" label="Line" categories={categories} />
          </div>
        </div>
        <div className="card">
          <div className="card-body">
            <VersionsEditor categories={categories} />
          </div>
        </div>
        {serverError ? (
          <p role="alert" className="alert alert-error">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : list ? 'Save price list' : 'Create price list'}
        </button>
      </form>
    </FormProvider>
  );
}
