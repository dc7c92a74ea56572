import type { Quote } from '@toolworks/contract/quotes';
import { vi } from 'vitest';

// The network edge is the only thing tests fake: handlers answer by "METHOD /path" (the path
// without the query string, e.g. "GET /api/tools"); anything unhandled fails the test loudly.
export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function apiError(status: number, code: string, message: string) {
  return json({ error: { code, message } }, { status });
}

// Calls the shell makes on every page for a signed-in user (the cart badge) or on the dashboard
// welcome (the profile's name): answered as "nothing yet" unless the test names them.
const ambient: Record<string, Handler> = {
  'GET /api/cart': () => json({ items: [], total: 0 }),
  // Checkout asks for the buyer's company (its delivery addresses): none unless the test says.
  'GET /api/company': () => json({ company: null, role: null, application: null }),
  // My company lists the company's quotes for every member: none unless the test says.
  'GET /api/company/quotes': () => json([]),
};
const ambientPrefixes: [string, Handler][] = [['GET /api/userDetails/', () => json(null)]];

function ambientHandler(key: string): Handler | undefined {
  return ambient[key] ?? ambientPrefixes.find(([prefix]) => key.startsWith(prefix))?.[1];
}

/**
 * GET /api/cart/tax as a shop with no seller country and no tax rate answers it: the cart's total,
 * prices including a 0% tax, shipped where asked (the shop's own country, '', when not).
 */
const defaultCartTax =
  (cart: Handler): Handler =>
  async (request) => {
    const { items, total } = (await (await cart(request)).json()) as {
      items: { toolId: string }[];
      total: number;
    };
    const country = request.url.searchParams.get('shipToCountry') ?? '';
    return json({
      shipToCountry: country,
      pricesIncludeTax: true,
      lines: items.map(({ toolId }) => ({ toolId, ratePercent: 0, category: 'Z', tax: 0 })),
      breakdown: items.length ? [{ category: 'Z', ratePercent: 0, taxable: total, tax: 0 }] : [],
      tax: 0,
      total,
    });
  };

/** GET /api/quotes/{id}/tax likewise: the offered total of that quote in GET /api/quotes/mine. */
const defaultQuoteTax =
  (quotes: Handler | undefined): Handler =>
  async (request) => {
    const id = request.url.pathname.split('/')[3];
    const mine = quotes ? ((await (await quotes(request)).json()) as Quote[]) : [];
    const quote = mine.find((q) => q._id === id);
    const total = quote?.total ?? 0;
    return json({
      shipToCountry: request.url.searchParams.get('shipToCountry') ?? '',
      pricesIncludeTax: true,
      lines: (quote?.items ?? []).map(({ toolId }) => ({
        toolId,
        ratePercent: 0,
        category: 'Z',
        tax: 0,
      })),
      breakdown: [{ category: 'Z', ratePercent: 0, taxable: total, tax: 0 }],
      tax: 0,
      total,
    });
  };

export function fakeApi(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request = {
      method,
      url,
      headers: new Headers(init.headers),
      // A file upload's body is the file itself.
      body: text ? JSON.parse(text) : (init.body ?? undefined),
    };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const handler =
      handlers[key] ??
      (key === 'GET /api/cart/tax'
        ? defaultCartTax(handlers['GET /api/cart'] ?? ambient['GET /api/cart']!)
        : /^GET \/api\/quotes\/[^/]+\/tax$/.test(key)
          ? defaultQuoteTax(handlers['GET /api/quotes/mine'])
          : ambientHandler(key));
    if (!handler) {
      console.error(`Unhandled request in test: ${method} ${url.pathname}${url.search}`);
      return apiError(404, 'NOT_FOUND', 'Not handled by the test');
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The handlers, for a test whose server changes its answer midway. */
    handlers,
    requestsTo: (path: string) => requests.filter((r) => r.url.pathname === path),
  };
}

// Lets a test hold a response back to observe the loading state, then release it.
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// Mirrors the server's GET /api/tools: case-insensitive name substring, page/limit slicing and
// the total in X-Total-Count, newest first as given.
export function toolsListHandler<T extends { name: string }>(tools: T[]): Handler {
  return ({ url }) => {
    const search = url.searchParams.get('search')?.trim().toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 24);
    const matching = search ? tools.filter((t) => t.name.toLowerCase().includes(search)) : tools;
    return json(matching.slice((page - 1) * limit, page * limit), {
      headers: { 'X-Total-Count': String(matching.length) },
    });
  };
}
