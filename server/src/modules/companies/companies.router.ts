import { Router } from 'express';
import {
  ApproveApplicationSchema,
  CompanyIdParamsSchema,
  CompanyInvitationParamsSchema,
  CompanyMemberParamsSchema,
  CreateTradeApplicationSchema as SharedCreateTradeApplicationSchema,
  DeclineApplicationSchema,
  InvitationParamsSchema,
  InvitationTokenParamsSchema,
  InviteMemberSchema,
  ListApplicationsQuerySchema,
  MemberParamsSchema,
  RecordVatVerificationSchema,
  SaveCompanySchema as SharedSaveCompanySchema,
  UpdateMemberSchema,
} from '@toolworks/contract/companies';
import { CompanyPricingSchema } from '@toolworks/contract/price-lists';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import { createCompanyMailer } from './company-mail.js';
import { createVatChecks, withVatIdCheck } from '../tax/index.js';
import { createCompaniesService } from './companies.service.js';
import { createTradeApplicationsService } from './trade-applications.service.js';

// A member state's VAT ID with a wrong format or check digit is refused as it is typed.
const SaveCompanySchema = withVatIdCheck(SharedSaveCompanySchema, 'vatId');
const CreateTradeApplicationSchema = withVatIdCheck(SharedCreateTradeApplicationSchema, 'vatId');

const PRICING_FIELDS = new Set(['priceListIds', 'pricePolicy']);

/** A PUT naming only the price lists and policy changes only them (the company form sends all). */
const pricingOnly = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  Object.keys(body).length > 0 &&
  Object.keys(body).every((key) => PRICING_FIELDS.has(key));

/**
 * Trade accounts: `/companies…` for the shop's admins (any company), `/company…` for a member's
 * own company (managed by its company-admins), `/invitations/{token}` for the invited person,
 * `/trade-applications…` for applying and answering.
 */
export function companiesRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger' | 'now' | 'identity'>,
): Router {
  const now = deps.now ?? (() => new Date());
  const mail = createCompanyMailer(deps);
  const vatChecks = createVatChecks(deps);
  const companies = createCompaniesService(deps.store, mail, now, deps.identity, vatChecks);
  const applications = createTradeApplicationsService(deps.store, mail, deps.identity);
  // Strict: `/companies/` (an empty id) is not the list of companies.
  const router = Router({ strict: true });
  const signedIn = requireUser(deps);
  const adminOnly = requireAdmin(deps);
  // Applying, inviting and accepting write and send email: the per-minute limit of orders,
  // counted in the store so every instance counts together.
  const writeLimit = createRateLimit({
    name: 'companies',
    limit: deps.config.rateLimits.ordersPerMinute,
    counters: deps.store.rateLimits,
  });

  // The shop admin's companies.
  router.get('/companies', adminOnly, async (_req, res) => {
    res.json(await companies.list());
  });
  router.post('/companies', adminOnly, async (req, res) => {
    res.status(201).json(await companies.create(parseBody(SaveCompanySchema, req)));
  });
  router.get('/companies/:id', adminOnly, async (req, res) => {
    res.json(await companies.get(parseParams(CompanyIdParamsSchema, req).id));
  });
  router.put('/companies/:id', adminOnly, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    const pricing = parseBody(CompanyPricingSchema, req);
    res.json(
      await companies.update(
        id,
        pricingOnly(req.body) ? null : parseBody(SaveCompanySchema, req),
        pricing,
      ),
    );
  });
  router.post('/companies/:id/vat-check', adminOnly, async (req, res) => {
    res.json(await companies.checkVatId(parseParams(CompanyIdParamsSchema, req).id));
  });
  router.post('/companies/:id/vat-verification', adminOnly, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    const { note } = parseBody(RecordVatVerificationSchema, req);
    res.json(await companies.recordVatVerification(id, note, currentUser(req)));
  });
  router.post('/companies/:id/invitations', adminOnly, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    const input = parseBody(InviteMemberSchema, req);
    const company = await companies.asShopAdmin(id, currentUser(req));
    res.status(201).json(await company.invite(input));
  });
  router.delete('/companies/:id/invitations/:invitationId', adminOnly, async (req, res) => {
    const { id, invitationId } = parseParams(CompanyInvitationParamsSchema, req);
    res.json(await (await companies.asShopAdmin(id, currentUser(req))).revoke(invitationId));
  });
  router.patch('/companies/:id/members/:email', adminOnly, async (req, res) => {
    const { id, email } = parseParams(CompanyMemberParamsSchema, req);
    const input = parseBody(UpdateMemberSchema, req);
    const company = await companies.asShopAdmin(id, currentUser(req));
    res.json(await company.updateMember(email, input));
  });
  router.delete('/companies/:id/members/:email', adminOnly, async (req, res) => {
    const { id, email } = parseParams(CompanyMemberParamsSchema, req);
    res.json(await (await companies.asShopAdmin(id, currentUser(req))).removeMember(email));
  });

  // A member's own company.
  router.get('/company', signedIn, async (req, res) => {
    const caller = currentUser(req);
    res.json(await companies.mine(caller, await applications.latestOf(caller)));
  });
  router.post('/company/invitations', writeLimit, signedIn, async (req, res) => {
    const input = parseBody(InviteMemberSchema, req);
    const company = await companies.asCompanyAdmin(currentUser(req));
    res.status(201).json(await company.invite(input));
  });
  router.delete('/company/invitations/:invitationId', signedIn, async (req, res) => {
    const { invitationId } = parseParams(InvitationParamsSchema, req);
    res.json(await (await companies.asCompanyAdmin(currentUser(req))).revoke(invitationId));
  });
  router.patch('/company/members/:email', signedIn, async (req, res) => {
    const { email } = parseParams(MemberParamsSchema, req);
    const input = parseBody(UpdateMemberSchema, req);
    const company = await companies.asCompanyAdmin(currentUser(req));
    res.json(await company.updateMember(email, input));
  });
  router.delete('/company/members/:email', signedIn, async (req, res) => {
    const { email } = parseParams(MemberParamsSchema, req);
    res.json(await (await companies.asCompanyAdmin(currentUser(req))).removeMember(email));
  });

  // Anyone with the link: which company invites which address (the signed-out page).
  router.get('/invitations/:token/preview', async (req, res) => {
    res.json(
      await companies.previewInvitation(parseParams(InvitationTokenParamsSchema, req).token),
    );
  });
  // The invited person (signed in: the invitation names their address).
  router.get('/invitations/:token', signedIn, async (req, res) => {
    res.json(await companies.viewInvitation(parseParams(InvitationTokenParamsSchema, req).token));
  });
  router.post('/invitations/:token/accept', writeLimit, signedIn, async (req, res) => {
    const { token } = parseParams(InvitationTokenParamsSchema, req);
    res.json(await companies.acceptInvitation(currentUser(req), token));
  });

  // Applications for a trade account.
  router.post('/trade-applications', writeLimit, signedIn, async (req, res) => {
    const input = parseBody(CreateTradeApplicationSchema, req);
    res.status(201).json(await applications.apply(currentUser(req), input));
  });
  router.get('/trade-applications', adminOnly, async (req, res) => {
    res.json(await applications.list(parseQuery(ListApplicationsQuerySchema, req).status));
  });
  router.post('/trade-applications/:id/approve', adminOnly, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    res.json(await applications.approve(id, parseBody(ApproveApplicationSchema, req)));
  });
  router.post('/trade-applications/:id/decline', adminOnly, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    const { reason } = parseBody(DeclineApplicationSchema, req);
    res.json(await applications.decline(id, reason));
  });

  return router;
}
