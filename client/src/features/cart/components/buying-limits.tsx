import type { MyBuying } from '@toolworks/contract/companies';
import { formatPrice } from '@/lib/format';

/** Whether placing `total` now goes to the company's approvers (the server judges it again). */
export function goesToApproval(buying: MyBuying | undefined, total: number): boolean {
  if (!buying) return false;
  const { spendingLimitPerOrder: perOrder, spendingLimitPerMonth: perMonth } = buying;
  if (perOrder !== null && total > perOrder) return true;
  return perMonth !== null && buying.spentThisMonth + total > perMonth;
}

/** A company member's own limits and the company's credit left, beside the order they place. */
export function BuyingLimits({ buying }: { buying: MyBuying }) {
  const { spendingLimitPerOrder: perOrder, spendingLimitPerMonth: perMonth, creditLeft } = buying;
  if (perOrder === null && perMonth === null && creditLeft === null) return null;
  return (
    <section className="checkout-buying" aria-labelledby="checkout-buying-title">
      <h3 id="checkout-buying-title" className="checkout-section-title">
        Your buying limits
      </h3>
      <dl>
        {perOrder !== null ? (
          <div>
            <dt>Per order</dt>
            <dd>{formatPrice(perOrder)}</dd>
          </div>
        ) : null}
        {perMonth !== null ? (
          <div>
            <dt>Per month</dt>
            <dd>
              {formatPrice(perMonth)} ({formatPrice(buying.spentThisMonth)} spent this month)
            </dd>
          </div>
        ) : null}
        {creditLeft !== null ? (
          <div>
            <dt>Company credit left</dt>
            <dd>{formatPrice(creditLeft)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
