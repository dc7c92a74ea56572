import type { FailedDocumentWire } from '@toolworks/contract/failed-documents';
import { FailureCard, FailureList, when } from '@/components/ui/failure-list';
import { useToast } from '@/components/ui/toast';
import { useFailedDocuments } from '../api/get-failed-documents';
import { useRetryDocument } from '../api/retry-document';

const kindName = (kind: FailedDocumentWire['kind']) =>
  kind === 'invoice' ? 'Invoice' : 'Credit note';

/**
 * Failed Documents (admins): invoices and credit notes not issued because their e-invoice failed
 * the EN 16931 checks (no number was taken); "Retry" issues one now, once the cause is fixed.
 */
export function FailedDocuments() {
  const docs = useFailedDocuments();
  const retry = useRetryDocument();
  const toast = useToast();

  const onRetry = (doc: FailedDocumentWire) =>
    retry.mutate(doc.orderId, {
      onSuccess: ({ issued }) =>
        toast.show(
          `Issued ${issued.map((d) => d.number).join(' and ') || 'nothing: not needed any more'}`,
        ),
      onError: (error) => toast.show(error.message, 'error'),
    });

  return (
    <FailureList
      title="Failed Documents"
      intro="Invoices and credit notes not issued because their e-invoice failed the EN 16931 checks. Fix the cause (usually the seller's settings), then retry."
      list={docs}
      empty="No failed documents: every invoice and credit note was issued."
      toast={toast}
    >
      {(items) =>
        items.map((doc) => (
          <FailureCard
            key={`${doc.orderId}-${doc.kind}`}
            id={`document-${doc.orderId}-${doc.kind}`}
            title={`${kindName(doc.kind)} for order ${doc.orderNumber ?? doc.orderId}`}
            facts={[
              { label: 'First attempt', value: when(doc.firstAttemptAt) },
              { label: 'Last attempt', value: when(doc.lastAttemptAt) },
              { label: 'Attempts', value: doc.attempts },
              {
                label: 'Errors',
                error: true,
                value: (
                  <ul aria-label="Errors">
                    {doc.errors.map((error, i) => (
                      <li key={i}>
                        <strong>{error.rule}</strong> {error.text}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
            retrying={retry.isPending && retry.variables === doc.orderId}
            onRetry={() => onRetry(doc)}
          />
        ))
      }
    </FailureList>
  );
}
