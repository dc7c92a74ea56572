import { readFileSync } from 'node:fs';
import { imageSrcSet } from '@toolworks/contract/image-srcset';
import {
  EMBEDDED_TOOL_ID,
  TOOL_PAGE_PLACEHOLDERS as slot,
} from '@toolworks/contract/tool-page-html';
import type { Tool } from '@toolworks/contract/tools';
import { escapeHtml } from './escape-html.js';

/** The tool asked for, as GET /api/tool/{id} answers it; undefined when there is none. */
export type ReadTool = (id: string) => Promise<Tool | undefined>;

/** What the client build writes beside the tool page (client/vite.config.ts, `template`). */
interface FirstScreen {
  title: string;
  screens: { uploaded: string; url: string };
}

const ID = /^[0-9a-fA-F]{24}$/;
const LOADER = /<main id="main">[\s\S]*?<\/main>/;
/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

const PLACEHOLDER = new RegExp(Object.values(slot).join('|'), 'g');

/** One pass, so a value that reads like a placeholder stays as it is. */
function fill(markup: string, values: Record<string, string>): string {
  return markup.replace(PLACEHOLDER, (placeholder) => escapeHtml(values[placeholder] ?? ''));
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1)}…`;
}

/**
 * A tool page's HTML with the tool in it: its title and description for search engines and
 * link previews, its first screen (breadcrumb, photo, name) drawn from the build's template,
 * the photo preloaded, and GET /api/tool/{id}'s answer as a JSON data block that the client
 * reads instead of asking again (`lib/get-tool.ts`). Every value from the store is escaped.
 */
function toolPageHtml(page: string, first: FirstScreen, tool: Tool): string {
  const main = tool.images[0];
  const widest = main?.variants[main.variants.length - 1];
  const values: Record<string, string> = {
    [slot.name]: tool.name,
    [slot.photo]: widest?.url ?? tool.img,
    [slot.photoWidth]: String(main?.width ?? ''),
    [slot.photoHeight]: String(main?.height ?? ''),
  };
  let screen: string;
  let preload: string;
  if (main && widest) {
    const srcset = escapeHtml(imageSrcSet(main));
    // The template draws a one-variant srcset from the placeholder; the tool's has them all.
    screen = first.screens.uploaded.replace(/ srcSet="[^"]*"/i, () => ` srcset="${srcset}"`);
    const sizes = / sizes="([^"]*)"/.exec(screen)?.[1] ?? '100vw';
    preload = `<link rel="preload" as="image" href="${escapeHtml(widest.url)}" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high">`;
  } else {
    screen = first.screens.url;
    preload = `<link rel="preload" as="image" href="${escapeHtml(tool.img)}" fetchpriority="high">`;
  }
  // A data block is never run, so `script-src 'self'` lets it be; `<` escaped, nothing in the
  // JSON can close the element.
  const data = JSON.stringify(tool).replace(/</g, '\\u003c');
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${fill(first.title, values)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_all, start: string, end: string) =>
        `${start}${escapeHtml(shorten(tool.description))}${end}`,
    )
    .replace(LOADER, () => `<main id="main">${fill(screen, values)}</main>`)
    .replace(
      '</head>',
      () =>
        `  ${preload}\n    <script type="application/json" id="${EMBEDDED_TOOL_ID}">${data}</script>\n  </head>`,
    );
}

/**
 * The tool page filler for serve-spa: given the page's copy of index.html and the template the
 * build drew, answers the filled HTML for `/tool/{id}` of a tool that exists, and undefined
 * otherwise (an unknown or malformed id, or a build without the template): the plain page
 * answers then, and the client shows its 404 as before.
 */
export function createToolPageHtml(options: {
  prefix: string;
  pageFile: string;
  firstScreenFile: string;
  readTool: ReadTool;
}): (urlPath: string) => Promise<string | undefined> {
  let page: string;
  let first: FirstScreen;
  try {
    page = readFileSync(options.pageFile, 'utf8');
    first = JSON.parse(readFileSync(options.firstScreenFile, 'utf8')) as FirstScreen;
  } catch {
    return async () => undefined;
  }
  if (!LOADER.test(page)) return async () => undefined;
  return async (urlPath) => {
    const id = urlPath.startsWith(options.prefix) ? urlPath.slice(options.prefix.length) : '';
    if (!ID.test(id)) return undefined;
    const tool = await options.readTool(id);
    return tool ? toolPageHtml(page, first, tool) : undefined;
  };
}
