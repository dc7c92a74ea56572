import { Link, useNavigate } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useTool } from '@/lib/get-tool';
import { useUpdateTool } from '../api/update-tool';
import type { ManageToolsNotice } from './manage-tools';
import { ToolForm, toolToFormValues } from './tool-form';
import { ToolPhotos } from './tool-photos';
import { ReceiveBatches } from './receive-batches';
import './admin-tools.css';

/** UPDATE on Manage Tools: the tool's values in the form; saving goes back to the grid. */
export function EditTool({ id }: { id: string }) {
  const tool = useTool(id);
  const update = useUpdateTool();
  const navigate = useNavigate();
  const { toast, show, dismiss } = useToast();
  const back = (
    <Link className="btn btn-secondary" to={paths.dashboard.manageTools}>
      Cancel
    </Link>
  );

  return (
    <section className="admin-tools" aria-labelledby="edit-tool-title">
      <title>{`Update ${tool.data?.name ?? 'tool'} · Toolworks`}</title>
      <header className="admin-tools-header">
        <p className="eyebrow">
          <Link to={paths.dashboard.manageTools}>Manage Tools</Link>
        </p>
        <h1 id="edit-tool-title">{tool.data ? `Update ${tool.data.name}` : 'Update a tool'}</h1>
      </header>

      {tool.isPending ? (
        <p role="status" className="muted">
          Loading the tool…
        </p>
      ) : tool.isError ? (
        // 400 (a malformed id in the address) and 404 both mean: no such tool.
        tool.error instanceof ApiError && [400, 404].includes(tool.error.status) ? (
          <div className="alert alert-info">
            <p className="alert-title">We couldn&apos;t find this tool.</p>
            <p>The link may be wrong, or the tool is no longer in the catalogue.</p>
            <Link className="btn btn-secondary btn-sm" to={paths.dashboard.manageTools}>
              Back to Manage Tools
            </Link>
          </div>
        ) : (
          <ErrorState
            title="We couldn't load the tool."
            message={tool.error.message}
            onRetry={() => void tool.refetch()}
            retrying={tool.isFetching}
          />
        )
      ) : (
        <>
          <ToolForm
            // A fresh form per tool, so its values are the ones just loaded.
            // Receiving a batch changes the batches and the stock: the form reloads with them.
            key={`${tool.data._id}:${JSON.stringify(tool.data.incomingStock)}`}
            label={`Update ${tool.data.name}`}
            defaultValues={toolToFormValues(tool.data)}
            submitLabel="Save changes"
            busyLabel="Saving…"
            secondaryAction={back}
            onSave={(input) =>
              update.mutateAsync(
                // The availability this form was loaded with: if orders moved it meanwhile, the
                // server refuses (409) rather than put back units that were sold.
                { id, input: { ...input, previousAvailableQuantity: tool.data.availableQuantity } },
                {
                  onSuccess: (saved) => {
                    const state: ManageToolsNotice = { notice: `${saved.name} was updated` };
                    void navigate(paths.dashboard.manageTools, { state });
                  },
                  onError: (error) => {
                    show(error.message, 'error');
                    // Reload the stock the refusal was measured against; the next save uses it.
                    if (error instanceof ApiError && error.status === 409) void tool.refetch();
                  },
                },
              )
            }
          />
          <ReceiveBatches tool={tool.data} onDone={(text) => show(text)} />
          <ToolPhotos tool={tool.data} />
        </>
      )}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
