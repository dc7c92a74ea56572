import type { Express } from 'express';

/**
 * Every route an Express 5 app answers, as `METHOD /full/path` (sorted), read from its router
 * stack: route layers carry `route.path` and `route.methods`; mounted routers carry their mount
 * path in `rawPath` (`slash` is true for a router mounted without a path) and their own `stack`.
 * The security tests compare this list with the authorisation matrix, so a route added anywhere
 * without a matrix entry fails them. Express does not type these internals, hence the shapes here.
 */

interface LayerShape {
  rawPath?: unknown;
  slash?: boolean;
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle?: { stack?: LayerShape[] };
}

function pathText(path: unknown): string {
  if (typeof path === 'string') return path;
  // Arrays and regular expressions are allowed by Express; none are used here, but show them.
  return Array.isArray(path) ? path.map(pathText).join('|') : String(path);
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function collect(stack: LayerShape[], prefix: string, into: string[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const path = join(prefix, pathText(layer.route.path));
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on) into.push(`${method === '_all' ? 'ALL' : method.toUpperCase()} ${path}`);
      }
    } else if (layer.handle?.stack) {
      const mount = layer.slash ? '' : pathText(layer.rawPath ?? '');
      collect(layer.handle.stack, join(prefix, mount), into);
    }
  }
}

/** Takes the Express app, or the shop's listener around it (`createApp`). */
export function listRoutes(target: Express | { express: Express }): string[] {
  const app = 'express' in target ? target.express : target;
  const routes: string[] = [];
  collect((app.router as unknown as { stack: LayerShape[] }).stack, '', routes);
  return [...new Set(routes)].sort();
}
