import type { Config } from '../../../config.js';
import type { Logger } from '../../../lib/logger.js';
import { MAIL_PRIORITY, type OrderRecord, type Store } from '../../../store/store.js';
import { mailOrderFromRecord } from '../../../domain/mail-order.js';
import { renderApprovalRequestMail } from './messages.js';

/**
 * Emails every approver and company-admin of the order's company (but its buyer) that a
 * colleague's order waits for approval, once the order has committed. One message per approver
 * and order (dedupe key). Never throws: a mail problem must not fail the order.
 */
export function createApprovalMailer(deps: {
  store: Pick<Store, 'outbox' | 'companies'>;
  config: Pick<Config, 'mail'>;
  logger: Logger;
  /** The shop's clock, as the order notifier's: dates the queued emails. */
  now: () => Date;
}) {
  return async function requestApproval(order: OrderRecord): Promise<number> {
    if (order.status !== 'awaiting_approval' || !order.companyId) return 0;
    try {
      const approvers = (await deps.store.companies.members(order.companyId)).filter(
        (member) => member.role !== 'buyer' && member.email !== order.userEmail,
      );
      const mailOrder = mailOrderFromRecord(order);
      let queued = 0;
      for (const approver of approvers) {
        const { created } = await deps.store.outbox.enqueue(
          {
            kind: 'order-approval-request',
            orderId: order._id,
            to: approver.email,
            ...renderApprovalRequestMail(
              mailOrder,
              approver.name || approver.email,
              deps.config.mail.shopUrl,
            ),
            dedupeKey: `approval-request:${order._id}:${approver.email}`,
            priority: MAIL_PRIORITY.account,
          },
          deps.now().toISOString(),
        );
        if (created) queued++;
      }
      return queued;
    } catch (err) {
      deps.logger.error({ err, orderId: order._id }, 'could not queue the approval request emails');
      return 0;
    }
  };
}

export type ApprovalMailer = ReturnType<typeof createApprovalMailer>;
