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
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { formatMediumDay } from '@/lib/format';
import { useSubmitOnce } from '@/lib/submit-once';
import { useNexusStates, useRemoveNexusState, useSaveNexusState } from '../api/nexus';
import { percent } from './country-name';

type Done = (text: string) => void;

// The state is the path's on the server; in the form it is one more field to choose.
const NexusFormSchema = SaveNexusStateSchema.extend({
  state: z.string().refine((s) => US_STATES.includes(s), 'Choose a state'),
});
type NexusFormInput = SaveNexusStateInput & { state: string };

function NexusForm({
  editing,
  onClose,
  onDone,
}: {
  editing: NexusState | null;
  onClose: () => void;
  onDone: Done;
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

/** The US states where the shop collects sales tax, at the rates the admin enters. */
export function NexusSection({ onDone }: { onDone: Done }) {
  const nexus = useNexusStates();
  const remove = useRemoveNexusState();
  const [editing, setEditing] = useState<NexusState | null>(null);
  const [removing, setRemoving] = useState<NexusState | null>(null);
  const [error, setError] = useState<string>();
  return (
    <section className="card" aria-labelledby="tax-nexus-title">
      <div className="card-body tax-section">
        <h2 id="tax-nexus-title">US sales tax nexus</h2>
        <p className="muted">
          Sales tax is charged only on orders shipped to these states. Enter the rates your tax
          adviser confirms.
        </p>
        {nexus.isPending ? (
          <p role="status">Loading the nexus states…</p>
        ) : nexus.isError ? (
          <ErrorState
            title="We couldn't load the nexus states."
            message={nexus.error.message}
            onRetry={() => void nexus.refetch()}
            retrying={nexus.isFetching}
          />
        ) : nexus.data.states.length === 0 ? (
          <p>No state yet: no US sales tax is charged.</p>
        ) : (
          <div className="tax-table-wrap">
            <table className="tax-table table-stacked">
              <caption className="visually-hidden">US states with sales tax nexus</caption>
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Since</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {nexus.data.states.map((s) => (
                  <tr key={s.state}>
                    <th scope="row" data-label="State">
                      {s.state}
                    </th>
                    <td data-label="Rate">{percent(s.ratePercent)}</td>
                    <td data-label="Since">{s.since ? formatMediumDay(s.since) : '—'}</td>
                    <td data-label="Actions" className="tax-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`Edit ${s.state}`}
                        onClick={() => setEditing(s)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`Remove ${s.state}`}
                        onClick={() => setRemoving(s)}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <NexusForm
          key={editing?.state ?? 'new'}
          editing={editing}
          onClose={() => setEditing(null)}
          onDone={onDone}
        />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Stop charging sales tax in ${removing?.state ?? ''}?`}
        confirmLabel="Yes, remove"
        cancelLabel="No, keep"
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          setError(undefined);
          remove.mutate(removing.state, {
            onSuccess: () => onDone(`${removing.state} removed`),
            onError: (caught) => setError(caught.message),
            onSettled: () => setRemoving(null),
          });
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>Orders placed from now on are not taxed there. Orders already placed keep their tax.</p>
      </ConfirmDialog>
    </section>
  );
}
