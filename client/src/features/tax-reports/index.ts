// The tax reports feature's public surface (issue 51), for the admin Tax page to compose: the
// report downloads and the two threshold meters. Each fetches its own data: no props, but the
// meters take an optional `year` (default: the server's this year).
export { TaxReportsSection } from './components/tax-reports-section';
export { NexusMeter } from './components/nexus-meter';
export { EuDistanceSalesMeter } from './components/eu-distance-sales-meter';
