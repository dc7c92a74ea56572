import type { FailedDocumentWire } from '@toolworks/contract/failed-documents';
import { ErrorState } from '@/components/ui/error-state';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useFailedDocuments } from '../api/get-failed-documents';
import { useRetryDocument } from '../api/retry-document';
import './failed-documents.css';
import { RetryButton } from '@/components/ui/retry-button';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

const kindName = (kind: FailedDocumentWire['kind']) =>
  kind === 'invoice' ? 'Invoice' : 'Credit note';

function FailedDocument({
  doc,
  retrying,
  onRetry,
}: {
  doc: FailedDocumentWire;
  retrying: boolean;
  onRetry: () => void;
}) {
  const titleId = `document-${doc.orderId}-${doc.kind}`;
  return (
    <li className="card failed-document" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="failed-document-subject">
          {kindName(doc.kind)} for order {doc.orderNumber ?? doc.orderId}
        </h2>
        <dl className="failed-document-facts">
          <div>
            <dt>First attempt</dt>
            <dd>{when(doc.firstAttemptAt)}</dd>
          </div>
          <div>
            <dt>Last attempt</dt>
            <dd>{when(doc.lastAttemptAt)}</dd>
          </div>
          <div>
            <dt>Attempts</dt>
            <dd>{doc.attempts}</dd>
          </div>
          <div className="failed-document-error">
            <dt>Errors</dt>
            <dd>
              <ul aria-label="Errors">
                {doc.errors.map((error, i) => (
                  <li key={i}>
                    <strong>{error.rule}</strong> {error.text}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <RetryButton retrying={retrying} onRetry={onRetry} />
      </div>
    </li>
  );
}

/**
 * Failed Documents (admins): invoices and credit notes not issued because their e-invoice failed
 * the EN 16931 checks (no number was taken); "Retry" issues one now, once the cause is fixed.
 */
export function FailedDocuments() {
  const docs = useFailedDocuments();
  const retry = useRetryDocument();
  const { toast, show, dismiss } = useToast();

  const onRetry = (doc: FailedDocumentWire) =>
    retry.mutate(doc.orderId, {
      onSuccess: ({ issued }) =>
        show(
          `Issued ${issued.map((d) => d.number).join(' and ') || 'nothing: not needed any more'}`,
        ),
      onError: (error) => show(error.message, 'error'),
    });

  return (
    <section className="failed-documents" aria-labelledby="failed-documents-title">
      <title>Failed Documents · Toolworks</title>
      <header className="failed-documents-header">
        <h1 id="failed-documents-title">Failed Documents</h1>
        <p className="muted">
          Invoices and credit notes not issued because their e-invoice failed the EN 16931 checks.
          Fix the cause (usually the seller&apos;s settings), then retry.
        </p>
      </header>
      {docs.isPending ? (
        <p role="status" className="muted">
          Loading failed documents…
        </p>
      ) : docs.isError ? (
        <ErrorState
          title="We couldn't load the failed documents."
          message={docs.error.message}
          onRetry={() => void docs.refetch()}
          retrying={docs.isFetching}
        />
      ) : docs.data.length === 0 ? (
        <p className="alert alert-info">
          No failed documents: every invoice and credit note was issued.
        </p>
      ) : (
        <ul className="failed-document-list" aria-label="Failed documents">
          {docs.data.map((doc) => (
            <FailedDocument
              key={`${doc.orderId}-${doc.kind}`}
              doc={doc}
              retrying={retry.isPending && retry.variables === doc.orderId}
              onRetry={() => onRetry(doc)}
            />
          ))}
        </ul>
      )}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
