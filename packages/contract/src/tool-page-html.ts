/**
 * How the server fills a tool page's HTML with the tool asked for. The client build draws the
 * page's first screen with these placeholders (client/src/app/first-screens.tsx); the server
 * puts the tool's escaped values in their place (server/src/lib/tool-page-html.ts) and embeds
 * the tool's API answer, which the page reads instead of asking `/api/tool/{id}` again.
 */
export const TOOL_PAGE_PLACEHOLDERS = {
  name: '%%TOOL_NAME%%',
  /** The photo's URL: an uploaded photo's widest variant, else the tool's image URL. */
  photo: '%%TOOL_PHOTO%%',
  /** An uploaded photo's shape (its `width` and `height` attributes). */
  photoWidth: '%%TOOL_PHOTO_WIDTH%%',
  photoHeight: '%%TOOL_PHOTO_HEIGHT%%',
} as const;

/**
 * The `id` of the `<script type="application/json">` holding the tool (GET /api/tool/{id}'s
 * body): a data block, which the Content-Security-Policy lets through, as it never runs.
 */
export const EMBEDDED_TOOL_ID = 'tool-data';
