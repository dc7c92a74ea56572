import type { z } from 'zod';
import { dollarsToCents } from '@toolworks/contract/fields';
import type {
  ApplicationStatus,
  ApproveApplicationSchema,
  CreateTradeApplicationSchema,
  TradeApplication,
} from '@toolworks/contract/companies';
import { AppError } from '../../lib/app-error.js';
import type { CompanyMailer } from './company-mail.js';
import type { Id, Store, UserRecord } from '../../store/store.js';
import { vatIdFormatOf } from '../tax/index.js';
import { toApplicationWire, toCompanyWire } from './company-wire.js';
import { isEmailVerified, requireVerifiedEmail, type EmailVerification } from './verified-email.js';

type CreateApplication = z.output<typeof CreateTradeApplicationSchema>;
type ApproveApplication = z.output<typeof ApproveApplicationSchema>;

const NOT_PENDING = 'This application was approved or declined already';

/** Applications for a trade account: a customer applies, a shop admin approves or declines. */
export function createTradeApplicationsService(
  store: Pick<Store, 'companies' | 'tradeApplications'>,
  mail: CompanyMailer,
  identity: EmailVerification,
) {
  const { tradeApplications } = store;
  return {
    async apply(caller: UserRecord, input: CreateApplication): Promise<TradeApplication> {
      await requireVerifiedEmail(identity, caller.email, 'to apply for a trade account');
      if (await store.companies.membershipOf(caller.email)) {
        throw AppError.conflict('You already belong to a company: you cannot apply for another');
      }
      const { requestedCreditLimit, ...fields } = input;
      const created = await tradeApplications.create({
        ...fields,
        requestedCreditLimitCents: dollarsToCents(requestedCreditLimit),
        email: caller.email.toLowerCase(),
        ...(caller.name && { name: caller.name }),
      });
      if (created === 'PENDING_EXISTS') {
        throw AppError.conflict('You have an application waiting for our answer already');
      }
      return toApplicationWire(created);
    },

    async latestOf(caller: UserRecord): Promise<TradeApplication | null> {
      const latest = await tradeApplications.latestByEmail(caller.email);
      return latest ? toApplicationWire(latest) : null;
    },

    /**
     * Each with whether its applicant's email is verified now (asked of the provider, so the
     * admin sees it before approving); left out when the provider cannot say, rather than failing the list.
     */
    async list(status: ApplicationStatus | undefined): Promise<TradeApplication[]> {
      const applications = await tradeApplications.list(status);
      return Promise.all(
        applications.map(async (application) => {
          const verified = await identity.isEmailVerified(application.email).catch(() => undefined);
          return {
            ...toApplicationWire(application),
            ...(verified !== undefined && { emailVerified: verified }),
            ...vatIdFormatOf(application.vatId),
          };
        }),
      );
    },

    /**
     * The company is made from the application, with the terms the admin grants (by default,
     * those the applicant asked for). The application keeps what was asked for.
     */
    async approve(id: Id, input: ApproveApplication) {
      const application = await tradeApplications.get(id);
      if (!application) throw AppError.notFound('Application not found');
      // One made before applying needed a verified email; as "Make Admin", wait for it.
      if (application.status === 'pending' && !(await isEmailVerified(identity, application.email)))
        throw AppError.conflict(
          `${application.email} has not verified their email address yet; the application can be approved once they have`,
        );
      const result = await tradeApplications.approve(id, {
        name: application.companyName,
        vatId: application.vatId,
        billingAddress: application.billingAddress,
        deliveryAddresses: [{ label: 'Main', address: application.deliveryAddress }],
        paymentTerms: input.paymentTerms ?? application.requestedPaymentTerms,
        creditLimitCents:
          input.creditLimit === undefined
            ? application.requestedCreditLimitCents
            : dollarsToCents(input.creditLimit),
      });
      if (result === 'NOT_FOUND') throw AppError.notFound('Application not found');
      if (result === 'NOT_PENDING') throw AppError.conflict(NOT_PENDING);
      if (result === 'ALREADY_MEMBER') {
        throw AppError.conflict(
          'The applicant joined another company since applying: decline this application',
        );
      }
      await mail({
        kind: 'application-approved',
        id,
        to: application.email,
        ...(application.name && { name: application.name }),
        companyName: application.companyName,
      });
      return {
        application: toApplicationWire(result.application),
        company: toCompanyWire(result.company),
      };
    },

    async decline(id: Id, reason: string): Promise<TradeApplication> {
      const result = await tradeApplications.decline(id, reason);
      if (result === 'NOT_FOUND') throw AppError.notFound('Application not found');
      if (result === 'NOT_PENDING') throw AppError.conflict(NOT_PENDING);
      await mail({
        kind: 'application-declined',
        id,
        to: result.email,
        ...(result.name && { name: result.name }),
        companyName: result.companyName,
        reason,
      });
      return toApplicationWire(result);
    },
  };
}
