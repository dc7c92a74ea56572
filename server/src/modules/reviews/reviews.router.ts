import express, { type Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  CreateReviewSchema,
  ReviewIdParamsSchema,
  UpdateReviewSchema,
} from '@toolworks/contract/reviews';
import { ToolIdParamsSchema } from '@toolworks/contract/tools';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import { createReviewsService } from './reviews.service.js';

/**
 * Reviews: anyone reads the visible ones; a signed-in user adds one as themselves (of a tool
 * they paid for, or of the shop); admins see every review and hide or show them.
 */
export function reviewsRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const reviews = createReviewsService(deps.store);
  const router = express.Router();
  // Limited before the sign-in check, so anonymous floods are throttled too.
  const addLimit = createRateLimit({
    name: 'reviews',
    limit: deps.config.rateLimits.reviewsPerMinute,
    counters: deps.store.rateLimits,
  });
  const adminOnly = requireAdmin(deps);

  router.get('/allReviews', async (_req, res) => {
    res.json(await reviews.list());
  });

  router.get('/tool/:id/reviews', async (req, res) => {
    res.json(await reviews.listForTool(parseParams(ToolIdParamsSchema, req).id));
  });

  router.post('/addReview', addLimit, requireUser(deps), async (req, res) => {
    const input = parseBody(CreateReviewSchema, req);
    res.status(201).json(await reviews.create(currentUser(req), input));
  });

  router.get('/reviews', adminOnly, async (_req, res) => {
    res.json(await reviews.listForAdmin());
  });

  router.patch('/review/:id', adminOnly, async (req, res) => {
    const { id } = parseParams(ReviewIdParamsSchema, req);
    const { hidden } = parseBody(UpdateReviewSchema, req);
    res.json(await reviews.setHidden(id, hidden));
  });

  return router;
}
