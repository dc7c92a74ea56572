import type { OutboxMessageWire } from '@toolworks/contract/mail';
import { FailureCard, FailureList, when } from '@/components/ui/failure-list';
import { useToast } from '@/components/ui/toast';
import { useFailedEmails } from '../api/get-failed-emails';
import { useRetryEmail } from '../api/retry-email';

/** Failed Emails (admins): order emails the sender gave up on, each sent again on "Retry". */
export function FailedEmails() {
  const mails = useFailedEmails();
  const retry = useRetryEmail();
  const toast = useToast();

  const onRetry = (mail: OutboxMessageWire) =>
    retry.mutate(mail._id, {
      onSuccess: () => toast.show(`The email to ${mail.to} is queued again`),
      onError: (error) => toast.show(error.message, 'error'),
    });

  return (
    <FailureList
      title="Failed Emails"
      intro="Order emails that could not be delivered after every retry."
      list={{ ...mails, data: mails.data?.items }}
      empty="No failed emails: every order email was delivered or is on its way."
      toast={toast}
    >
      {(items) =>
        items.map((mail) => (
          <FailureCard
            key={mail._id}
            id={`mail-${mail._id}`}
            title={mail.subject}
            facts={[
              { label: 'To', value: mail.to },
              { label: 'Queued', value: when(mail.createdAt) },
              { label: 'Attempts', value: mail.attempts },
              { label: 'Last error', value: mail.lastError ?? 'Unknown', error: true },
            ]}
            retrying={retry.isPending && retry.variables === mail._id}
            onRetry={() => onRetry(mail)}
          />
        ))
      }
    </FailureList>
  );
}
