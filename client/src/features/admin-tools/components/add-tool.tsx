import { ToastRegion, useToast } from '@/components/ui/toast';
import { useCreateTool } from '../api/create-tool';
import { ToolForm } from './tool-form';
import './admin-tools.css';

export const TOOL_ADDED = 'Tool added successfully!!';

/** Add a Tool (admins): a new catalogue entry; the form empties for the next one. */
export function AddTool() {
  const create = useCreateTool();
  const { toast, show, dismiss } = useToast();

  return (
    <section className="admin-tools" aria-labelledby="add-tool-title">
      <title>Add a Tool · Toolworks</title>
      <header className="admin-tools-header">
        <h1 id="add-tool-title">Add a Tool</h1>
        <p className="muted">It appears in the catalogue as soon as it is added.</p>
      </header>
      <ToolForm
        label="Add a Tool"
        submitLabel="Add"
        busyLabel="Adding…"
        resetOnSave
        onSave={(input) =>
          create.mutateAsync(input, {
            onSuccess: () => show(TOOL_ADDED),
            onError: (error) => show(error.message, 'error'),
          })
        }
      />
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
