import { Router, type Response } from 'express';
import {
  MonthQuerySchema,
  QuarterQuerySchema,
  YearQuerySchema,
} from '@toolworks/contract/tax-reports';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../auth/index.js';
import { parseQuery } from '../../lib/validate.js';
import { createTaxReportsService } from './tax-reports.service.js';

const sendCsv = (res: Response, fileName: string, body: string) =>
  res
    .status(200)
    .set('Content-Type', 'text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(body);

/** The admin's tax reports (CSV downloads) and the two threshold meters (issue 51). */
export function taxReportsRouter(deps: Pick<AppDeps, 'config' | 'store' | 'now'>): Router {
  const reports = createTaxReportsService(deps);
  const thisYear = () => (deps.now?.() ?? new Date()).getUTCFullYear();
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/admin/tax/ec-sales-list.csv', adminOnly, async (req, res) => {
    const { quarter } = parseQuery(QuarterQuerySchema, req);
    sendCsv(res, `ec-sales-list-${quarter}.csv`, await reports.ecSalesListCsv(quarter));
  });

  router.get('/admin/tax/oss.csv', adminOnly, async (req, res) => {
    const { quarter } = parseQuery(QuarterQuerySchema, req);
    sendCsv(res, `oss-${quarter}.csv`, await reports.ossCsv(quarter));
  });

  router.get('/admin/tax/sales-tax.csv', adminOnly, async (req, res) => {
    const { month } = parseQuery(MonthQuerySchema, req);
    sendCsv(res, `sales-tax-${month}.csv`, await reports.salesTaxCsv(month));
  });

  router.get('/admin/tax/nexus-meter', adminOnly, async (req, res) => {
    const { year = thisYear() } = parseQuery(YearQuerySchema, req);
    res.json(await reports.nexusMeter(year));
  });

  router.get('/admin/tax/eu-distance-sales', adminOnly, async (req, res) => {
    const { year = thisYear() } = parseQuery(YearQuerySchema, req);
    res.json(await reports.euDistanceSales(year));
  });

  return router;
}
