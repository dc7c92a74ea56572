// The tax reports module's public face (issue 51): the admin's tax report CSVs and meters.
export { taxReportsRouter } from './tax-reports.router.js';
