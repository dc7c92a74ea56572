import type {
  DeleteUserResponse,
  DemoteAdminResponse,
  MakeAdminResponse,
  RestoreUserResponse,
  User,
} from '@toolworks/contract/users';
import type { Config } from '../../config.js';
import type { IdentityVerifier } from '../../auth/index.js';
import { withCurrentRights } from '../../auth/index.js';
import { OPEN_STATUSES } from '../../domain/order-status.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import type { ProfileRecord, Store, UserRecord } from '../../store/store.js';

export interface UsersServiceDeps {
  config: Pick<Config, 'adminEmails'>;
  store: Pick<Store, 'users' | 'orders' | 'profiles'>;
  identity: Pick<IdentityVerifier, 'isEmailVerified' | 'setDisabled'>;
  payments: Pick<PaymentGateway, 'cancel'>;
  logger: Pick<Logger, 'warn' | 'error'>;
}

const LAST_COMPANY_ADMIN_MESSAGE =
  'This person is the only company admin of their company: make another member company admin first';

export const LAST_ADMIN_MESSAGE =
  'The shop must keep at least one admin: make someone else admin first';

function toUserWire(record: UserRecord, profile?: ProfileRecord): User {
  const name = record.name?.trim() || profile?.name.trim();
  const company = profile?.company_name.trim();
  return {
    _id: record._id,
    email: record.email,
    ...(name && { name }),
    ...(company && { company }),
    ...(record.role && { role: record.role, adminSource: record.adminSource }),
    ...(record.removedAt && { removed: true as const, removedAt: record.removedAt }),
  };
}

const providerUnreachable = (cause: unknown) =>
  Object.assign(
    new AppError(
      'INTERNAL',
      'The sign-in provider could not be reached to update this account; try again in a moment',
      502,
    ),
    { cause },
  );

/** Admin user management. The token exchange (`PUT /user/{email}`) lives in modules/auth. */
export function createUsersService(deps: UsersServiceDeps) {
  const { store, config, identity } = deps;
  const current = (record: UserRecord) => withCurrentRights(record, config.adminEmails);

  /**
   * A removed customer's reservations end with them: each unpaid order is cancelled as the
   * customer's own cancel would (its payment stopped at the gateway first, then the store's
   * cancel returns the stock). Kept in this one function because the order model is changing;
   * a payment that has already gone through leaves its order as it is.
   */
  async function cancelUnpaidOrdersOf(email: string): Promise<number> {
    let cancelled = 0;
    for (const order of await store.orders.listByEmail(email)) {
      if (!OPEN_STATUSES.includes(order.status)) continue;
      if (order.paymentIntentId) {
        const payment = await deps.payments.cancel(order.paymentIntentId).catch((err: unknown) => {
          deps.logger.error({ err, orderId: order._id }, 'removed user: payment not cancelled');
          return 'UNREACHABLE' as const;
        });
        if (payment === 'UNREACHABLE') continue;
        if (payment?.status === 'succeeded' || payment?.status === 'processing') continue;
      }
      if ((await store.orders.cancelUnpaid(order._id)) === 'CANCELLED') cancelled += 1;
    }
    return cancelled;
  }

  return {
    /**
     * The accounts in the shop (oldest first) or the removed ones (most recently removed
     * first), with the company from each saved profile: one read for the whole list.
     */
    async list(options: { removed?: boolean; search?: string } = {}): Promise<User[]> {
      const users = await store.users.list(options);
      const profiles = await store.profiles.getMany(users.map((u) => u.email));
      const byEmail = new Map(profiles.map((p) => [p.email_address.toLowerCase(), p]));
      return users.map((u) => toUserWire(current(u), byEmail.get(u.email.toLowerCase())));
    },

    /** Only a verified address may become admin (DESIGN: admin rights need a verified email). */
    async makeAdmin(email: string): Promise<MakeAdminResponse> {
      const key = email.trim().toLowerCase();
      const user = await store.users.getByEmail(key);
      if (!user) throw AppError.notFound('There is no user with this email');
      if (user.role === 'admin' && user.adminSource === 'granted') return { modifiedCount: 0 };
      if (
        !(await identity
          .isEmailVerified(key)
          .catch((err) => Promise.reject(providerUnreachable(err))))
      )
        throw AppError.conflict(
          `${key} has not verified their email address yet; they can be made admin once they have`,
        );
      return { modifiedCount: await store.users.makeAdmin(key, 'granted') };
    },

    async demoteAdmin(email: string): Promise<DemoteAdminResponse> {
      const key = email.trim().toLowerCase();
      const user = await store.users.getByEmail(key);
      if (!user) throw AppError.notFound('There is no user with this email');
      if (config.adminEmails.includes(key) && current(user).role === 'admin')
        throw AppError.conflict(
          `${key} is an admin because ADMIN_EMAILS lists this address; take it off ADMIN_EMAILS to end these rights`,
        );
      const result = await store.users.demoteAdmin(key);
      if (result === 'LAST_ADMIN') throw AppError.conflict(LAST_ADMIN_MESSAGE);
      return { modifiedCount: result === 'DEMOTED' ? 1 : 0 };
    },

    /**
     * Removes the account from the shop and keeps it out: the address is blocked in the store
     * first (their tokens stop at once), then their unpaid orders are cancelled and their
     * sign-in is disabled; their company membership ends (refused while they are their company's
     * only company-admin). Paid orders stay for the books. Removing a removed account again
     * repeats the last two steps, so a retry after a provider failure completes the removal.
     */
    async remove(caller: UserRecord, email: string): Promise<DeleteUserResponse> {
      const key = email.trim().toLowerCase();
      if (key === caller.email.toLowerCase()) throw AppError.conflict('You cannot remove yourself');
      const result = await store.users.remove(key);
      if (result === 'LAST_ADMIN') throw AppError.conflict(LAST_ADMIN_MESSAGE);
      if (result === 'LAST_COMPANY_ADMIN') throw AppError.conflict(LAST_COMPANY_ADMIN_MESSAGE);
      if (result === 'NOT_FOUND' && !(await store.users.getByEmail(key, { includeRemoved: true })))
        return { deletedCount: 0 };
      await cancelUnpaidOrdersOf(key);
      await identity.setDisabled(key, true).catch((err: unknown) => {
        throw providerUnreachable(err);
      });
      return { deletedCount: result === 'REMOVED' ? 1 : 0 };
    },

    /** Sign-in is re-enabled first, so a provider failure leaves the account removed (retry). */
    async restore(email: string): Promise<RestoreUserResponse> {
      const key = email.trim().toLowerCase();
      const user = await store.users.getByEmail(key, { includeRemoved: true });
      if (!user) throw AppError.notFound('There is no user with this email');
      if (!user.removedAt) return { modifiedCount: 0 };
      await identity.setDisabled(key, false).catch((err: unknown) => {
        throw providerUnreachable(err);
      });
      return { modifiedCount: await store.users.restore(key) };
    },
  };
}
