import express, { type Router } from 'express';
import type { AppDeps } from '../../app.js';
import { CreateReviewSchema } from '../../contract/reviews.js';
import { currentUser, requireUser } from '../../auth/index.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { parseBody } from '../../lib/validate.js';
import { createReviewsService } from './reviews.service.js';

/** Reviews: anyone reads them; a signed-in user adds one as themselves. */
export function reviewsRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const reviews = createReviewsService(deps.store);
  const router = express.Router();
  // Limited before the sign-in check, so anonymous floods are throttled too.
  const addLimit = createRateLimit({
    name: 'reviews',
    limit: deps.config.rateLimits.reviewsPerMinute,
    counters: deps.store.rateLimits,
  });

  router.get('/allReviews', async (_req, res) => {
    res.json(await reviews.list());
  });

  router.post('/addReview', addLimit, requireUser(deps), async (req, res) => {
    const input = parseBody(CreateReviewSchema, req);
    res.status(201).json(await reviews.create(currentUser(req), input));
  });

  return router;
}
