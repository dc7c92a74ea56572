import express, { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  ImageFileParamsSchema,
  OrderToolImagesSchema,
  ToolImageParamsSchema,
} from '@toolworks/contract/tool-images';
import { ToolIdParamsSchema } from '@toolworks/contract/tools';
import { requireAdmin } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import { conversionSlots, type ConversionSlots, type ImageStorage } from '../../images/index.js';
import { createToolImagesService, NOT_AN_IMAGE } from './tool-images.service.js';

/**
 * Refuses before the body is read: an upload is the photo's own bytes, sent with its type
 * (`Content-Type: image/jpeg`, `image/png` or `image/webp`). No multipart parser is installed,
 * and a raw body needs none; the service then checks the bytes themselves.
 */
const requireImageType: RequestHandler = (req, _res, next) => {
  if (!req.is([...IMAGE_TYPES]))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${NOT_AN_IMAGE} (Content-Type: image/...)`, 415);
  next();
};

/** Seconds a turned-away upload is told to wait: about what a few conversions take. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Takes a conversion slot before the body is read: an upload waiting in line keeps its bytes in
 * the client's socket, not in our memory. A full line is answered at once (and not logged as an
 * error: it is the guard working). The slot is given back when the response is over, however.
 */
function admitConversion(slots: ConversionSlots): RequestHandler {
  return async (_req, res, next) => {
    const entered = slots.enter();
    if (!entered) {
      res
        .status(503)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .set('Cache-Control', 'no-store')
        .json({
          error: {
            code: 'BUSY',
            message: `Other photos are being converted; try again in ${RETRY_AFTER_SECONDS} seconds`,
          },
        });
      return;
    }
    let gone = false;
    res.once('close', () => (gone = true));
    const release = await entered;
    if (gone) return release();
    res.once('close', release);
    next();
  };
}

type ToolImagesDeps = Pick<AppDeps, 'config' | 'store'> & { images: ImageStorage };

/**
 * The upload: mounted before the API's JSON parser, with its own raw one (10 MB). The photo's
 * bytes are the body, sent with its type; the answer is the tool's photos.
 */
export function toolImageUploadRouter(deps: ToolImagesDeps): Router {
  const images = createToolImagesService(deps.store, deps.images);
  const router = Router();
  router.post(
    '/tools/:id/images',
    requireAdmin(deps),
    requireImageType,
    admitConversion(conversionSlots(deps.config.images.conversions)),
    express.raw({ type: () => true, limit: IMAGE_MAX_BYTES }),
    async (req, res) => {
      const { id } = parseParams(ToolIdParamsSchema, req);
      const body = Buffer.isBuffer(req.body) ? req.body : undefined;
      res
        .status(201)
        .set('Cache-Control', 'no-store')
        .json(await images.upload(id, body));
    },
  );
  return router;
}

/** The photos' other routes, among the API's (after its JSON parser); files are served here too. */
export function toolImagesRouter(deps: ToolImagesDeps): Router {
  const images = createToolImagesService(deps.store, deps.images);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.patch('/tools/:id/images', adminOnly, async (req, res) => {
    const { id } = parseParams(ToolIdParamsSchema, req);
    const { imageIds } = parseBody(OrderToolImagesSchema, req);
    res.set('Cache-Control', 'no-store').json(await images.order(id, imageIds));
  });

  router.delete('/tools/:id/images/:imageId', adminOnly, async (req, res) => {
    const { id, imageId } = parseParams(ToolImageParamsSchema, req);
    res.set('Cache-Control', 'no-store').json(await images.remove(id, imageId));
  });

  // Whichever storage is set: a local folder's files, or the bucket's when it has no public URL.
  router.get('/images/:toolId/:file', async (req, res) => {
    const { toolId, file } = parseParams(ImageFileParamsSchema, req);
    const bytes = await images.file(toolId, file);
    if (!bytes) throw AppError.notFound('No such image');
    // A key is never reused (a new upload gets a new id): browsers and CDNs may keep it for good.
    res
      .set('Content-Type', 'image/webp')
      .set('Cache-Control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });

  return router;
}
