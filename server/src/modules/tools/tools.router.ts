import express, { type Router } from 'express';
import type { AppDeps } from '../../deps.js';
import type { DirectAnswer, DirectRoute } from '../../lib/direct-routes.js';
import { AppError } from '../../lib/app-error.js';
import { JsonText } from '../../lib/json-text.js';
import type { ReadTool } from '../../lib/tool-page-html.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import {
  ListToolsQuerySchema,
  SuggestToolsQuerySchema,
  ToolIdParamsSchema,
} from '@toolworks/contract/tools';
import { CORRECTED_QUERY_HEADER } from '@toolworks/contract/search-headers';
import { SkuParamsSchema } from '@toolworks/contract/sku';
import { createToolsService } from './tools.service.js';

/** The catalogue's two answers, shared by the Express routes and the direct ones. */
function catalogueAnswers(store: AppDeps['store']) {
  const tools = createToolsService(store);
  return {
    async list(query: unknown): Promise<DirectAnswer> {
      const page = await tools.list(ListToolsQuerySchema.parse(query));
      return {
        body: new JsonText(page.json),
        // Set here, Express keeps it (res.send only makes an ETag when none is set).
        headers: {
          'X-Total-Count': String(page.total),
          ETag: page.etag,
          ...(page.correctedQuery !== undefined
            ? { [CORRECTED_QUERY_HEADER]: encodeURIComponent(page.correctedQuery) }
            : {}),
        },
      };
    },
    suggest: (query: unknown) => tools.suggest(SuggestToolsQuerySchema.parse(query).q),
    async tool(params: unknown): Promise<DirectAnswer> {
      return { body: await tools.get(ToolIdParamsSchema.parse(params).id) };
    },
    bySku: (params: unknown) => tools.getBySku(SkuParamsSchema.parse(params).sku),
    /** A tool page's HTML carries the tool (lib/serve-spa.ts): the same read, none if unknown. */
    readTool: (id: string) =>
      tools.get(id).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return undefined;
        throw err;
      }),
  };
}

const TOOL_PATH = /^\/api\/tool\/([0-9a-fA-F]{24})$/;

/**
 * The public catalogue: no sign-in needed. Paths are relative to /api. The answers are the
 * same for everyone, so they go through the response cache. `direct` answers the same plain
 * GETs before Express (lib/direct-routes.ts); `router` answers everything, errors included.
 */
export function toolsRoutes(deps: Pick<AppDeps, 'store'> & { cache: ResponseCache }): {
  router: Router;
  direct: DirectRoute[];
  readTool: ReadTool;
} {
  const answers = catalogueAnswers(deps.store);
  const { cache } = deps;
  const router = express.Router();

  router.get(
    '/tools',
    cache.route(async (req, res) => {
      const { body, headers } = await answers.list(req.query);
      if (headers) res.set(headers);
      return body;
    }),
  );

  // Typeahead: one request per pause in typing, so cached like the list.
  router.get(
    '/tools/suggest',
    cache.route(async (req) => answers.suggest(req.query)),
  );

  // Before /tool/:id in reading order only: the paths differ in their number of segments.
  router.get(
    '/tool/by-sku/:sku',
    cache.route(async (req) => answers.bySku(req.params)),
  );

  router.get(
    '/tool/:id',
    cache.route(async (req) => (await answers.tool(req.params)).body),
  );

  const direct: DirectRoute[] = [
    {
      match: (pathname) => (pathname === '/api/tools' ? {} : undefined),
      answer: (query) => answers.list(query),
    },
    {
      match: (pathname) => {
        const id = TOOL_PATH.exec(pathname)?.[1];
        return id ? { id } : undefined;
      },
      answer: (_query, params) => answers.tool(params),
    },
  ];
  return { router, direct, readTool: answers.readTool };
}
