import { zodResolver } from '@hookform/resolvers/zod';
import { US_STATES } from '@toolworks/contract/countries';
import {
  SaveNexusStateSchema,
  type NexusState,
  type SaveNexusStateInput,
} from '@toolworks/contract/tax-settings';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { useSubmitOnce } from '@/lib/submit-once';
import { useSaveNexusState } from '../api/nexus';
import { percent } from './country-name';

// The state is the path's on the server; in the form it is one more field to choose.
const NexusFormSchema = SaveNexusStateSchema.extend({
  state: z.string().refine((s) => US_STATES.includes(s), 'Choose a state'),
});
type NexusFormInput = SaveNexusStateInput & { state: string };

/** Adds a state, or (from its Edit button) changes one state's rate and start. */
export function NexusForm({
  editing,
  onClose,
  onDone,
}: {
  editing: NexusState | null;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const save = useSaveNexusState();
  const [error, setError] = useState<string>();
  const form = useForm<NexusFormInput, unknown, z.output<typeof NexusFormSchema>>({
    resolver: zodResolver(NexusFormSchema),
    defaultValues: editing
      ? { state: editing.state, ratePercent: editing.ratePercent, since: editing.since ?? '' }
      : { state: '', since: '' },
  });
  const { setFocus } = form;
  // Edit opens the form below the list: the rate is what is being changed.
  useEffect(() => {
    if (editing) setFocus('ratePercent');
  }, [editing, setFocus]);
  const submit = useSubmitOnce(
    form.handleSubmit((body) => {
      setError(undefined);
      save.mutate(body, {
        onSuccess: (saved) => {
          onDone(`Sales tax in ${saved.state} saved at ${percent(saved.ratePercent)}`);
          form.reset({ state: '', since: '' });
          onClose();
        },
        onError: (caught) => setError(caught.message),
      });
    }),
  );
  const { errors } = form.formState;
  return (
    <form className="tax-form" onSubmit={submit} noValidate aria-labelledby="tax-nexus-form-title">
      <h3 id="tax-nexus-form-title">{editing ? `Edit ${editing.state}` : 'Add a state'}</h3>
      <div className="tax-form-fields">
        <FormField label="State" error={errors.state?.message}>
          {(control) => (
            <select className="input" {...control} {...form.register('state')}>
              {editing ? null : <option value="">Choose…</option>}
              {/* Editing changes the rate of that one state (a new state is added instead). */}
              {(editing ? [editing.state] : US_STATES).map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Rate (%)"
          hint="The combined rate you collect, e.g. 8.875"
          error={errors.ratePercent?.message}
        >
          {(control) => (
            <input
              className="input"
              type="number"
              step="0.001"
              inputMode="decimal"
              {...control}
              {...form.register('ratePercent', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label="Nexus since (optional)" error={errors.since?.message}>
          {(control) => (
            <input className="input" type="date" {...control} {...form.register('since')} />
          )}
        </FormField>
      </div>
      <div className="tax-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save state
        </button>
        {editing ? (
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
