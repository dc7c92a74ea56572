// The companies module's public face: its routes (companies, members, invitations, trade
// applications).
export { companiesRouter } from './companies.router.js';
