import { centsToDollars } from '@toolworks/contract/fields';
import type { EuDistanceSales, NexusMeter } from '@toolworks/contract/tax-reports';
import type { Config } from '../../config.js';
import { EU_DISTANCE_SALE_RULES } from '../../domain/order-tax.js';
import {
  ecSalesList,
  euDistanceSalesMeter,
  monthBounds,
  NEXUS_ORDERS_THRESHOLD,
  NEXUS_REVENUE_THRESHOLD_CENTS,
  nexusMeter,
  ossReturn,
  quarterBounds,
  salesTaxReport,
  yearBounds,
} from '../../domain/tax-reports.js';
import { refundReportLines } from '../../domain/refunds.js';
import type { Store } from '../../store/store.js';
import { ecSalesListCsv, ossCsv, salesTaxCsv } from './tax-reports-csv.js';

/**
 * The tax reports (issue 51): the sold lines of the period read from the tax ledger (orders
 * confirmed, paid, shipped or delivered, by the day they were placed), summed by the domain.
 */
export function createTaxReportsService(deps: {
  store: Pick<Store, 'taxLedger' | 'refunds' | 'orders'>;
  config: Pick<Config, 'payments'>;
}) {
  const { store } = deps;
  /**
   * The period's sold lines, less its refunds and credits (issue 53): each taken off in the
   * period it was issued, as the refunded units' or the sum's share of the order's lines.
   */
  const taxLedger = {
    async linesBetween(from: string, to: string) {
      const [sold, refunds] = await Promise.all([
        store.taxLedger.linesBetween(from, to),
        store.refunds.between(from, to),
      ]);
      const given = [];
      for (const refund of refunds) {
        const order = await store.orders.get(refund.orderId);
        if (order) given.push(...refundReportLines(order, refund));
      }
      return [...sold, ...given];
    },
    netCentsUnder: store.taxLedger.netCentsUnder.bind(store.taxLedger),
  };
  return {
    async ecSalesListCsv(quarter: string) {
      return ecSalesListCsv(ecSalesList(await taxLedger.linesBetween(...quarterBounds(quarter))));
    },
    async ossCsv(quarter: string) {
      return ossCsv(ossReturn(await taxLedger.linesBetween(...quarterBounds(quarter))));
    },
    async salesTaxCsv(month: string) {
      return salesTaxCsv(salesTaxReport(await taxLedger.linesBetween(...monthBounds(month))));
    },
    async nexusMeter(year: number): Promise<NexusMeter> {
      const rows = nexusMeter(await taxLedger.linesBetween(...yearBounds(year)));
      return {
        year,
        revenueThreshold: centsToDollars(NEXUS_REVENUE_THRESHOLD_CENTS),
        ordersThreshold: NEXUS_ORDERS_THRESHOLD,
        states: rows.map(({ revenueCents, ...row }) => ({
          ...row,
          revenue: centsToDollars(revenueCents),
        })),
      };
    },
    async euDistanceSales(year: number): Promise<EuDistanceSales> {
      const [thisYear, lastYear] = await Promise.all(
        [year, year - 1].map((y) =>
          taxLedger.netCentsUnder(EU_DISTANCE_SALE_RULES, ...yearBounds(y)),
        ),
      );
      const meter = euDistanceSalesMeter(year, thisYear ?? 0, lastYear ?? 0);
      return {
        year,
        currency: deps.config.payments.currency.toUpperCase(),
        thisYear: centsToDollars(meter.thisYearCents),
        lastYear: centsToDollars(meter.lastYearCents),
        threshold: centsToDollars(meter.thresholdCents),
        percent: meter.percent,
        overLastYear: meter.overLastYear,
        overThisYear: meter.overThisYear,
        over: meter.over,
      };
    },
  };
}
