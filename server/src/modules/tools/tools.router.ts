import express, { type Response, type Router } from 'express';
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
import {
  createCallerCompanies,
  createPricing,
  optionalCaller,
  pricingDay,
  type Assignment,
} from '../pricing/index.js';
import { createToolsService, type ToolsPage } from './tools.service.js';
import { withContractPrices } from './member-prices.js';

type CatalogueDeps = Pick<AppDeps, 'store' | 'config' | 'now'>;

/** Every catalogue answer may differ by who asks (a member's contract prices): say so to caches. */
const VARY = { Vary: 'Authorization' };
/** A member's own prices: for their browser only. */
const PERSONAL = { ...VARY, 'Cache-Control': 'private, no-store' };

/** Sets an answer's headers; `Vary` is added to what CORS may have set (`Vary: Origin`). */
function setHeaders(res: Response, { Vary: vary, ...headers }: Record<string, string>): void {
  res.set(headers);
  if (vary) res.vary(vary);
}

const pageHeaders = (page: ToolsPage) => ({
  'X-Total-Count': String(page.total),
  ...(page.correctedQuery !== undefined
    ? { [CORRECTED_QUERY_HEADER]: encodeURIComponent(page.correctedQuery) }
    : {}),
});

/** The catalogue's two answers, shared by the Express routes and the direct ones. */
function catalogueAnswers({ store, config, now = () => new Date() }: CatalogueDeps) {
  const tools = createToolsService(store);
  const pricing = createPricing({ store, config });
  const companyOf = createCallerCompanies({ store, config });
  const priced = (items: readonly string[], assigned: Assignment, day: string) =>
    withContractPrices(items, (skus) => pricing.pricingOf(assigned, skus), day);

  async function list(query: unknown): Promise<DirectAnswer> {
    const page = await tools.list(ListToolsQuerySchema.parse(query));
    return {
      body: new JsonText(page.json),
      // Set here, Express keeps it (res.send only makes an ETag when none is set).
      headers: { ...pageHeaders(page), ETag: page.etag, ...VARY },
    };
  }

  async function tool(params: unknown): Promise<DirectAnswer> {
    return { body: await tools.get(ToolIdParamsSchema.parse(params).id), headers: VARY };
  }

  /** A company member's page: the same tools, each with their contract price on `day`. */
  async function memberList(
    query: unknown,
    assigned: Assignment,
    day = pricingDay(now()),
  ): Promise<DirectAnswer> {
    const page = await tools.list(ListToolsQuerySchema.parse(query));
    const items = await priced(page.items, assigned, day);
    return {
      body: new JsonText(`[${items.join(',')}]`),
      headers: { ...pageHeaders(page), ...PERSONAL },
    };
  }

  async function memberTool(
    params: unknown,
    assigned: Assignment,
    day = pricingDay(now()),
  ): Promise<DirectAnswer> {
    const tool = await tools.get(ToolIdParamsSchema.parse(params).id);
    const [text] = await priced([JSON.stringify(tool)], assigned, day);
    return { body: new JsonText(text as string), headers: PERSONAL };
  }

  /**
   * The price lists of a signed-in company member, or null: signed out, a consumer, a company
   * without lists, or a token that proves nothing (the public catalogue needs none).
   */
  async function assignmentOf(authorization: string | undefined): Promise<Assignment | null> {
    const user = await optionalCaller(authorization, { store, config });
    return user ? pricing.assignmentOf(user) : null;
  }

  return {
    list,
    /**
     * A signed-in member's answers, kept for their company on the day they are priced for (a
     * list's validity starts and ends with a day); none for anyone else. The company's lists are
     * read only when a page is made: a kept page was made under the catalogue version, which an
     * assignment or a list written moves on. A company without lists gets the public answer.
     */
    async ownAnswers(authorization: string) {
      const companyId = await companyOf(authorization);
      if (!companyId) return undefined;
      const day = pricingDay(now());
      const scope = `company:${companyId} ${day}`;
      const own = async (
        make: (assigned: Assignment) => Promise<DirectAnswer>,
        otherwise: () => Promise<DirectAnswer>,
      ) => {
        const assigned = await pricing.companyAssignment(companyId);
        return assigned ? make(assigned) : otherwise();
      };
      return {
        list: {
          scope,
          answer: (query: unknown) =>
            own(
              (assigned) => memberList(query, assigned, day),
              () => list(query),
            ),
        },
        tool: {
          scope,
          answer: (_query: unknown, params: unknown) =>
            own(
              (assigned) => memberTool(params, assigned, day),
              () => tool(params),
            ),
        },
      };
    },
    memberList,
    memberTool,
    assignmentOf,
    suggest: (query: unknown) => tools.suggest(SuggestToolsQuerySchema.parse(query).q),
    tool,
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
 * same for everyone but a signed-in member of a company with price lists, who also sees their
 * contract prices: those answers are their company's alone (private to the browser; the
 * response cache keeps them apart, per company and day). `direct` answers the same plain GETs
 * before Express (lib/direct-routes.ts), signed in or not; `router` answers everything, errors
 * included.
 */
export function toolsRoutes(deps: CatalogueDeps & { cache: ResponseCache }): {
  router: Router;
  direct: DirectRoute[];
  readTool: ReadTool;
} {
  const answers = catalogueAnswers(deps);
  const { cache } = deps;
  const router = express.Router();

  const publicList = cache.route(async (req, res) => {
    const { body, headers } = await answers.list(req.query);
    if (headers) setHeaders(res, headers);
    return body;
  });
  router.get('/tools', async (req, res, next) => {
    const assigned = await answers.assignmentOf(req.get('authorization'));
    if (!assigned) return publicList(req, res, next);
    const { body, headers } = await answers.memberList(req.query, assigned);
    if (headers) setHeaders(res, headers);
    res.type('json').send((body as JsonText).text);
  });

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

  const publicTool = cache.route(async (req, res) => {
    const { body, headers } = await answers.tool(req.params);
    if (headers) setHeaders(res, headers);
    return body;
  });
  router.get('/tool/:id', async (req, res, next) => {
    const assigned = await answers.assignmentOf(req.get('authorization'));
    if (!assigned) return publicTool(req, res, next);
    const { body, headers } = await answers.memberTool(req.params, assigned);
    if (headers) setHeaders(res, headers);
    res.type('json').send((body as JsonText).text);
  });

  const direct: DirectRoute[] = [
    {
      match: (pathname) => (pathname === '/api/tools' ? {} : undefined),
      answer: (query) => answers.list(query),
      signedIn: async (authorization) => (await answers.ownAnswers(authorization))?.list,
    },
    {
      match: (pathname) => {
        const id = TOOL_PATH.exec(pathname)?.[1];
        return id ? { id } : undefined;
      },
      answer: (_query, params) => answers.tool(params),
      signedIn: async (authorization) => (await answers.ownAnswers(authorization))?.tool,
    },
  ];
  return { router, direct, readTool: answers.readTool };
}
