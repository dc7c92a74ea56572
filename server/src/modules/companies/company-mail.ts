import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { MAIL_PRIORITY, type Store } from '../../store/store.js';
import { button, escapeHtml, formatDate, layout, link, paragraph } from '../../mail/html.js';
import type { RenderedMail } from '../../mail/html.js';

/** The trade-account emails: an application's answer and an invitation to join a company. */
export type CompanyMail =
  | { kind: 'application-approved'; to: string; name?: string; companyName: string; id: string }
  | {
      kind: 'application-declined';
      to: string;
      name?: string;
      companyName: string;
      reason: string;
      id: string;
    }
  | {
      kind: 'company-invitation';
      to: string;
      companyName: string;
      role: string;
      invitedBy: string;
      token: string;
      expiresAt: string;
      id: string;
    };

interface Parts {
  /**
   * Fixed words only: a company name or a display name is whatever someone typed, and a subject
   * is read before anything else in an inbox (our address vouches for it). They go in the body.
   */
  subject: string;
  title: string;
  greeting: string;
  intro: string[];
  action: { href: string; label: string };
}

function parts(mail: CompanyMail, shopUrl: string): Parts {
  const myCompany = `${shopUrl}/dashboard/my-company`;
  switch (mail.kind) {
    case 'application-approved':
      return {
        subject: 'Your trade account is open',
        title: 'Trade account approved',
        greeting: mail.name || mail.to,
        intro: [
          `We approved your application: ${mail.companyName} now has a trade account with us, and you are its company admin.`,
          'From My company you can invite your colleagues and set their roles.',
        ],
        action: { href: myCompany, label: 'Open My company' },
      };
    case 'application-declined':
      return {
        subject: 'Your trade account application',
        title: 'Trade account application declined',
        greeting: mail.name || mail.to,
        intro: [
          `We are sorry: we cannot open a trade account for ${mail.companyName} at this time.`,
          `Reason: ${mail.reason}`,
          'You are welcome to apply again with updated details.',
        ],
        action: { href: myCompany, label: 'Apply again' },
      };
    case 'company-invitation': {
      const href = `${shopUrl}/invitations/${encodeURIComponent(mail.token)}`;
      return {
        subject: 'You are invited to a trade account on Toolworks',
        title: `Join ${mail.companyName}`,
        greeting: mail.to,
        intro: [
          `${mail.invitedBy} invites you to join ${mail.companyName}'s trade account as ${mail.role}.`,
          `Sign in (or sign up) with this email address and accept the invitation before ${formatDate(mail.expiresAt)}.`,
          `Accept: ${href}`,
        ],
        action: { href, label: 'Accept the invitation' },
      };
    }
  }
}

export function renderCompanyMail(mail: CompanyMail, shopUrl: string): RenderedMail {
  const p = parts(mail, shopUrl);
  const body = [
    paragraph(`Hello ${escapeHtml(p.greeting)},`),
    ...p.intro.filter((line) => !line.startsWith('Accept: ')).map((l) => paragraph(escapeHtml(l))),
    paragraph(button(p.action.href, p.action.label)),
    paragraph(`${escapeHtml(p.action.label)}: ${link(p.action.href, p.action.href)}`),
  ].join('\n');
  const text = [`Hello ${p.greeting},`, '', ...p.intro, '', `${p.action.label}: ${p.action.href}`];
  return {
    subject: p.subject,
    html: layout({ title: p.title, preheader: p.subject, body, shopUrl }),
    text: [...text, '', '-- Toolworks'].join('\n'),
  };
}

/**
 * Queues a trade-account email in the outbox once its change has committed. Never throws: a mail
 * problem must not undo an approval or an invitation (the admin can see it in Failed Emails).
 */
export function createCompanyMailer(deps: {
  store: Pick<Store, 'outbox'>;
  config: Pick<Config, 'mail'>;
  logger: Logger;
  /** The shop's clock (a test clock in the browser journeys): dates the queued emails. */
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async (mail: CompanyMail): Promise<void> => {
    try {
      await deps.store.outbox.enqueue(
        {
          kind: mail.kind,
          to: mail.to,
          ...renderCompanyMail(mail, deps.config.mail.shopUrl),
          dedupeKey: `${mail.kind}:${mail.id}`,
          priority: MAIL_PRIORITY.account,
        },
        now().toISOString(),
      );
    } catch (err) {
      deps.logger.error({ err, kind: mail.kind }, 'could not queue the trade-account email');
    }
  };
}

export type CompanyMailer = ReturnType<typeof createCompanyMailer>;
