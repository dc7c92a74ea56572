import type { NexusState } from '@toolworks/contract/tax-settings';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { formatMediumDay } from '@/lib/format';
import { useNexusStates, useRemoveNexusState } from '../api/nexus';
import { percent } from './country-name';
import { NexusForm } from './nexus-form';

type Done = (text: string) => void;

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
                    <td data-label="Actions">
                      <div className="tax-actions">
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
                      </div>
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
