import {
  COMPANY_ROLES,
  InviteMemberSchema,
  MemberFormSchema,
  type CompanyDetail,
  type CompanyMember,
  type CompanyRole,
  type InviteMemberInput,
  type MemberFormValues,
  type UpdateMemberInput,
} from '@toolworks/contract/companies';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { formatDateTime } from '@/lib/format';
import { useSubmitOnce } from '@/lib/submit-once';
import { useMemberActions, type MembersScope } from '../api/my-company';

export const ROLE_LABELS: Record<CompanyRole, string> = {
  buyer: 'Buyer',
  approver: 'Approver',
  'company-admin': 'Company admin',
};

interface MembersPanelProps {
  company: CompanyDetail;
  scope: MembersScope;
  /** The signed-in person, marked "You" in the list. */
  currentEmail: string;
  onDone: Notify;
}

/** A company's members (role and spending limits), the invite form and pending invitations. */
export function MembersPanel({ company, scope, currentEmail, onDone }: MembersPanelProps) {
  const actions = useMemberActions(scope);
  return (
    <section className="card" aria-labelledby="members-title">
      <div className="card-body company-section">
        <h2 id="members-title">Members</h2>
        <ul className="company-members">
          {company.members.map((member) => (
            <li key={member.email} className="company-member">
              <MemberRow
                member={member}
                isMe={member.email === currentEmail.toLowerCase()}
                actions={actions}
                onDone={onDone}
              />
            </li>
          ))}
        </ul>
        <InviteForm actions={actions} onDone={onDone} />
        <h3 id="invitations-title">Pending invitations</h3>
        {company.invitations.length === 0 ? (
          <p className="muted">No pending invitations.</p>
        ) : (
          <ul className="company-invitations" aria-labelledby="invitations-title">
            {company.invitations.map((invitation) => (
              <li key={invitation._id} className="company-invitation">
                <span>
                  <strong>{invitation.email}</strong> as {ROLE_LABELS[invitation.role]} · expires{' '}
                  {formatDateTime(invitation.expiresAt)}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={actions.revoke.isPending}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  onClick={() =>
                    actions.revoke.mutate(invitation._id, {
                      onSuccess: () => onDone(`Invitation to ${invitation.email} revoked`),
                      onError: (error) => onDone(error.message, 'error'),
                    })
                  }
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

type Actions = ReturnType<typeof useMemberActions>;
type Notify = (message: string, tone?: 'success' | 'error') => void;

const limitText = (value: number | null) => (value === null ? '' : String(value));

function MemberRow({
  member,
  isMe,
  actions,
  onDone,
}: {
  member: CompanyMember;
  isMe: boolean;
  actions: Actions;
  onDone: Notify;
}) {
  const form = useForm<MemberFormValues, unknown, UpdateMemberInput>({
    resolver: zodResolver(MemberFormSchema),
    defaultValues: {
      role: member.role,
      spendingLimitPerOrder: limitText(member.spendingLimitPerOrder),
      spendingLimitPerMonth: limitText(member.spendingLimitPerMonth),
    },
  });
  const { register } = form;
  const { errors } = form.formState;
  const [serverError, setServerError] = useState<string>();
  const who = member.name ? `${member.name} (${member.email})` : member.email;

  const save = useSubmitOnce(
    form.handleSubmit((body) => {
      setServerError(undefined);
      return actions.update.mutateAsync({ email: member.email, body }).then(
        () => onDone(`Saved ${member.email}`),
        (e: Error) => setServerError(e.message),
      );
    }),
  );

  return (
    <form
      className="company-member-form"
      onSubmit={save}
      noValidate
      aria-label={`Member ${member.email}`}
    >
      <p className="company-member-name">
        <strong>{who}</strong>
        {isMe ? <span className="badge badge-muted">You</span> : null}
      </p>
      <FormField label="Role" error={errors.role?.message}>
        {(a) => (
          <select {...a} className="input" {...register('role')}>
            {COMPANY_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Limit per order ($)"
        hint="Empty: no limit"
        error={errors.spendingLimitPerOrder?.message}
      >
        {(a) => (
          <input
            {...a}
            className="input"
            inputMode="decimal"
            {...register('spendingLimitPerOrder')}
          />
        )}
      </FormField>
      <FormField
        label="Limit per month ($)"
        hint="Empty: no limit"
        error={errors.spendingLimitPerMonth?.message}
      >
        {(a) => (
          <input
            {...a}
            className="input"
            inputMode="decimal"
            {...register('spendingLimitPerMonth')}
          />
        )}
      </FormField>
      {serverError ? (
        <p role="alert" className="field-error company-member-error">
          {serverError}
        </p>
      ) : null}
      <div className="company-member-actions">
        <button type="submit" className="btn btn-dark btn-sm" disabled={actions.update.isPending}>
          Save
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={actions.remove.isPending}
          aria-label={`Remove ${member.email}`}
          onClick={() =>
            actions.remove.mutate(member.email, {
              onSuccess: () => onDone(`${member.email} removed`),
              onError: (e) => setServerError(e.message),
            })
          }
        >
          Remove
        </button>
      </div>
    </form>
  );
}

function InviteForm({ actions, onDone }: { actions: Actions; onDone: Notify }) {
  const form = useForm<InviteMemberInput, unknown, InviteMemberInput>({
    resolver: zodResolver(InviteMemberSchema),
    defaultValues: { email: '', role: 'buyer' },
  });
  const { errors } = form.formState;
  const [serverError, setServerError] = useState<string>();

  const submit = useSubmitOnce(
    form.handleSubmit((body) => {
      setServerError(undefined);
      return actions.invite.mutateAsync(body).then(
        () => {
          onDone(`Invitation sent to ${body.email}`);
          // The next colleague is likely invited with the same role.
          form.reset({ email: '', role: body.role });
        },
        (e: Error) => setServerError(e.message),
      );
    }),
  );

  return (
    <form className="company-invite" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h3 id="invite-title">Invite a colleague</h3>
      <FormField label="Colleague's email" error={errors.email?.message}>
        {(a) => (
          <input
            {...a}
            className="input"
            type="email"
            autoComplete="off"
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField label="Their role" error={errors.role?.message}>
        {(a) => (
          <select {...a} className="input" {...form.register('role')}>
            {COMPANY_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {serverError ? (
        <p role="alert" className="alert alert-error">
          {serverError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={actions.invite.isPending}>
        {actions.invite.isPending ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}
