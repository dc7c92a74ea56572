import type { CompanyMemberRecord, OrderRecord, Store, UserRecord } from '../store/store.js';

/** Approvers and company-admins act for their company; a buyer only for themselves. */
export const seesCompanyOrders = (member: CompanyMemberRecord) => member.role !== 'buyer';

/**
 * Who may see an order: its buyer, a shop admin, and the approvers and company-admins of the
 * company it was placed for (trade accounts). Everyone else is told it does not exist.
 */
export function createOrderAccess(store: Pick<Store, 'companies'>) {
  return {
    async canSee(caller: UserRecord, order: OrderRecord): Promise<boolean> {
      if (caller.role === 'admin' || order.userEmail === caller.email.toLowerCase()) return true;
      if (!order.companyId) return false;
      const membership = await store.companies.membershipOf(caller.email);
      return membership?.company._id === order.companyId && seesCompanyOrders(membership.member);
    },
  };
}

export type OrderAccess = ReturnType<typeof createOrderAccess>;
