import express, { Router, type RequestHandler } from 'express';
import { CompanyIdParamsSchema } from '@toolworks/contract/companies';
import {
  AddResaleCertificateSchema,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_TYPE,
  NexusStateParamsSchema,
  ResaleCertificateParamsSchema,
  SaveNexusStateSchema,
  SaveVatRatesSchema,
  VatCountryParamsSchema,
} from '@toolworks/contract/tax-settings';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import type { ImageStorage } from '../../images/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import { createResaleCertificatesService, NOT_A_PDF } from './resale-certificates.service.js';
import { createTaxRatesService } from './tax-rates.service.js';

type TaxSettingsDeps = Pick<AppDeps, 'config' | 'store' | 'now'> & { images: ImageStorage };

const certificatesOf = (deps: TaxSettingsDeps) =>
  createResaleCertificatesService(deps.store, deps.images, deps.now ?? (() => new Date()));

/** Refuses before the body is read: the PDF is the body, sent as `application/pdf`. */
const requirePdfType: RequestHandler = (req, _res, next) => {
  if (!req.is(CERTIFICATE_TYPE))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${NOT_A_PDF} (Content-Type: application/pdf)`,
      415,
    );
  next();
};

/** A declared size over the limit is refused before a byte of it is read. */
const requireSmallEnough: RequestHandler = (req, _res, next) => {
  if (Number(req.get('content-length') ?? 0) > CERTIFICATE_MAX_BYTES) throw tooLarge();
  next();
};
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'The certificate PDF must be 5 MB or smaller', 413);

/**
 * The certificate upload: mounted before the API's JSON parser, with its own raw one (5 MB), as
 * a tool photo's is. The fields (number, state, expiresOn) are the query; the PDF the body.
 */
export function resaleCertificateUploadRouter(deps: TaxSettingsDeps): Router {
  const certificates = certificatesOf(deps);
  const router = Router({ strict: true });
  router.post(
    '/companies/:id/resale-certificates',
    requireAdmin(deps),
    // The fields first: a wrong one is answered before any PDF is read.
    (req, _res, next) => {
      parseParams(CompanyIdParamsSchema, req);
      parseQuery(AddResaleCertificateSchema, req);
      next();
    },
    requirePdfType,
    requireSmallEnough,
    express.raw({ type: () => true, limit: CERTIFICATE_MAX_BYTES }),
    async (req, res) => {
      const { id } = parseParams(CompanyIdParamsSchema, req);
      const input = parseQuery(AddResaleCertificateSchema, req);
      const body = Buffer.isBuffer(req.body) ? req.body : undefined;
      res.status(201).json(await certificates.add(id, input, body, currentUser(req).email));
    },
  );
  return router;
}

/** The admin's tax settings, and a company's certificates (read by its company-admins too). */
export function taxSettingsRouter(deps: TaxSettingsDeps): Router {
  const rates = createTaxRatesService(deps.store, deps.now ?? (() => new Date()));
  const certificates = certificatesOf(deps);
  const router = Router({ strict: true });
  const adminOnly = requireAdmin(deps);
  const signedIn = requireUser(deps);

  router.get('/admin/tax/rates', adminOnly, async (_req, res) => {
    res.json(await rates.table());
  });
  router.put('/admin/tax/rates/:country', adminOnly, async (req, res) => {
    const { country } = parseParams(VatCountryParamsSchema, req);
    const input = parseBody(SaveVatRatesSchema, req);
    res.json(await rates.setRates(country, input, currentUser(req).email));
  });
  router.delete('/admin/tax/rates/:country', adminOnly, async (req, res) => {
    res.json(await rates.resetRates(parseParams(VatCountryParamsSchema, req).country));
  });

  router.get('/admin/tax/nexus', adminOnly, async (_req, res) => {
    res.json(await rates.nexus());
  });
  router.put('/admin/tax/nexus/:state', adminOnly, async (req, res) => {
    const { state } = parseParams(NexusStateParamsSchema, req);
    const input = parseBody(SaveNexusStateSchema, req);
    res.json(await rates.setNexus(state, input, currentUser(req).email));
  });
  router.delete('/admin/tax/nexus/:state', adminOnly, async (req, res) => {
    await rates.removeNexus(parseParams(NexusStateParamsSchema, req).state);
    res.status(204).end();
  });

  router.get('/admin/tax/certificates/expiring', adminOnly, async (_req, res) => {
    res.json(await certificates.expiring());
  });

  router.get('/companies/:id/resale-certificates', signedIn, async (req, res) => {
    const { id } = parseParams(CompanyIdParamsSchema, req);
    await certificates.assertReader(id, currentUser(req));
    res.json(await certificates.list(id));
  });
  router.get('/companies/:id/resale-certificates/:certId/file', signedIn, async (req, res) => {
    const { id, certId } = parseParams(ResaleCertificateParamsSchema, req);
    await certificates.assertReader(id, currentUser(req));
    const { number, bytes } = await certificates.file(id, certId);
    const name = `resale-certificate-${number.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;
    res
      .set('Content-Type', CERTIFICATE_TYPE)
      .set('Content-Disposition', `attachment; filename="${name}"`)
      .send(bytes);
  });
  router.delete('/companies/:id/resale-certificates/:certId', adminOnly, async (req, res) => {
    const { id, certId } = parseParams(ResaleCertificateParamsSchema, req);
    await certificates.remove(id, certId);
    res.status(204).end();
  });

  return router;
}
