import type { Tool } from '@toolworks/contract/tools';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination, pageFromParam } from '@/components/ui/pagination';
import { SearchBox } from '@/components/ui/search-box';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDeleteTool } from '../api/delete-tool';
import { MANAGE_TOOLS_PAGE_SIZE, useAdminTools } from '../api/get-admin-tools';
import { AdminToolCard } from './admin-tool-card';
import { formatCount } from '@/lib/format';
import './admin-tools.css';

export const DELETE_QUESTION = 'Are you sure you want to delete?';

/** What the edit screen leaves behind when it comes back here. */
export interface ManageToolsNotice {
  notice?: string;
}

/** Manage Tools (admins): every tool, newest first, found by name, with UPDATE and DELETE. */
export function ManageTools() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const search = params.get('search')?.trim() ?? '';
  const tools = useAdminTools({ page, search: search || undefined });
  const deleteTool = useDeleteTool();
  const { toast, show, dismiss } = useToast();
  const [deleting, setDeleting] = useState<Tool | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  const notice = (location.state as ManageToolsNotice | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    show(notice);
    // Shown once: a reload or Back must not repeat it.
    void navigate({ search: location.search }, { replace: true, state: null });
  }, [notice, show, navigate, location.search]);

  const total = tools.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / MANAGE_TOOLS_PAGE_SIZE));
  // Search and page live in the URL, so Back, reload and shared links keep them.
  const setView = (next: { page: number; search?: string }) => {
    const text = next.search ?? search;
    setParams({ ...(text && { search: text }), ...(next.page > 1 && { page: String(next.page) }) });
  };
  const goTo = (next: number) => setView({ page: next });

  const confirmDelete = () => {
    if (!deleting) return;
    const { _id, name } = deleting;
    deleteTool.mutate(_id, {
      onSuccess: ({ deletedCount }) => {
        setDeleting(null);
        show(deletedCount > 0 ? `${name} was deleted` : `${name} was already deleted`);
        // The card that opened the dialog is gone; the last card of a page takes you back one.
        if (tools.data?.items.length === 1 && page > 1) goTo(page - 1);
        headingRef.current?.focus();
      },
      onError: (error) => {
        setDeleting(null);
        show(error.message, 'error');
      },
    });
  };

  return (
    <section className="admin-tools" aria-labelledby="manage-tools-title">
      <title>Manage Tools · Toolworks</title>
      <header className="admin-tools-header admin-tools-header-row">
        <div>
          <h1 id="manage-tools-title" ref={headingRef} tabIndex={-1}>
            Manage Tools
          </h1>
          {tools.data ? (
            <p className="muted" aria-live="polite">
              {total === 1 ? '1 tool' : `${formatCount(total)} tools`}
              {search ? ` matching “${search}”` : ''}, newest first
            </p>
          ) : null}
        </div>
        <Link className="btn btn-primary" to={paths.dashboard.addTool}>
          Add a Tool
        </Link>
      </header>

      <div className="admin-tools-search">
        <SearchBox
          label="Search tools"
          placeholder="Tool name or description"
          value={search}
          onSearch={(text) => setView({ page: 1, search: text })}
        />
      </div>

      {tools.isPending ? (
        <p role="status" className="muted">
          Loading tools…
        </p>
      ) : tools.isError ? (
        <ErrorState
          title="We couldn't load the tools."
          message={tools.error.message}
          onRetry={() => void tools.refetch()}
          retrying={tools.isFetching}
        />
      ) : tools.data.items.length === 0 && search ? (
        <p className="alert alert-info">No tools match “{search}”.</p>
      ) : tools.data.items.length === 0 ? (
        <div className="alert alert-info">
          <p className="alert-title">The catalogue is empty.</p>
          <p>
            <Link to={paths.dashboard.addTool}>Add the first tool</Link>.
          </p>
        </div>
      ) : (
        <>
          <div className="admin-tools-grid" aria-busy={tools.isPlaceholderData}>
            {tools.data.items.map((tool) => (
              <AdminToolCard key={tool._id} tool={tool} onDelete={setDeleting} />
            ))}
          </div>
          <Pagination
            page={page}
            totalPages={totalPages}
            onChange={goTo}
            label="Tool pages"
            busy={tools.isPlaceholderData}
          />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={DELETE_QUESTION}
        confirmLabel="Yes, delete"
        cancelLabel="No, keep"
        busy={deleteTool.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <p>
            {deleting.name} will be removed from the catalogue. Orders already placed for it are
            kept.
          </p>
        ) : null}
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
