import express, { type Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../auth/index.js';
import { CreateCategorySchema, ListCategoriesQuerySchema } from '@toolworks/contract/tools';
import type { ResponseCache } from '../../lib/response-cache.js';
import { parseBody, parseQuery } from '../../lib/validate.js';
import { createCategoriesService } from './categories.service.js';

/** Anyone lists the categories (through the response cache, like the tools); admins add one. */
export function categoriesRouter(
  deps: Pick<AppDeps, 'config' | 'store'> & { cache: ResponseCache },
): Router {
  const categories = createCategoriesService(deps.store);
  const router = express.Router();

  router.get(
    '/categories',
    deps.cache.route(async (req) => categories.list(parseQuery(ListCategoriesQuerySchema, req))),
  );

  router.post('/categories', requireAdmin(deps), async (req, res) => {
    res.status(201).json(await categories.create(parseBody(CreateCategorySchema, req)));
  });

  return router;
}
