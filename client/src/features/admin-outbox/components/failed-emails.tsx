import type { OutboxMessageWire } from '@toolworks/contract/mail';
import { ErrorState } from '@/components/ui/error-state';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useFailedEmails } from '../api/get-failed-emails';
import { useRetryEmail } from '../api/retry-email';
import './failed-emails.css';
import { RetryButton } from '@/components/ui/retry-button';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

function FailedEmail({
  mail,
  retrying,
  onRetry,
}: {
  mail: OutboxMessageWire;
  retrying: boolean;
  onRetry: () => void;
}) {
  const titleId = `mail-${mail._id}`;
  return (
    <li className="card failed-mail" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="failed-mail-subject">
          {mail.subject}
        </h2>
        <dl className="failed-mail-facts">
          <div>
            <dt>To</dt>
            <dd>{mail.to}</dd>
          </div>
          <div>
            <dt>Queued</dt>
            <dd>{when(mail.createdAt)}</dd>
          </div>
          <div>
            <dt>Attempts</dt>
            <dd>{mail.attempts}</dd>
          </div>
          <div className="failed-mail-error">
            <dt>Last error</dt>
            <dd>{mail.lastError ?? 'Unknown'}</dd>
          </div>
        </dl>
        <RetryButton retrying={retrying} onRetry={onRetry} />
      </div>
    </li>
  );
}

/** Failed Emails (admins): order emails the sender gave up on, each sent again on "Retry". */
export function FailedEmails() {
  const mails = useFailedEmails();
  const retry = useRetryEmail();
  const { toast, show, dismiss } = useToast();

  const onRetry = (mail: OutboxMessageWire) =>
    retry.mutate(mail._id, {
      onSuccess: () => show(`The email to ${mail.to} is queued again`),
      onError: (error) => show(error.message, 'error'),
    });

  return (
    <section className="failed-emails" aria-labelledby="failed-emails-title">
      <title>Failed Emails · Toolworks</title>
      <header className="failed-emails-header">
        <h1 id="failed-emails-title">Failed Emails</h1>
        <p className="muted">Order emails that could not be delivered after every retry.</p>
      </header>
      {mails.isPending ? (
        <p role="status" className="muted">
          Loading failed emails…
        </p>
      ) : mails.isError ? (
        <ErrorState
          title="We couldn't load the failed emails."
          message={mails.error.message}
          onRetry={() => void mails.refetch()}
          retrying={mails.isFetching}
        />
      ) : mails.data.items.length === 0 ? (
        <p className="alert alert-info">
          No failed emails: every order email was delivered or is on its way.
        </p>
      ) : (
        <ul className="failed-mail-list" aria-label="Failed emails">
          {mails.data.items.map((mail) => (
            <FailedEmail
              key={mail._id}
              mail={mail}
              retrying={retry.isPending && retry.variables === mail._id}
              onRetry={() => onRetry(mail)}
            />
          ))}
        </ul>
      )}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
