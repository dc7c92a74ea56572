// Apart from tools.ts, whose schemas load zod: the catalogue page reads this header, and the
// first script of every page stays without the schema library (client/src/lib/zod-without-eval.ts).

/**
 * GET /tools answers with this header when it corrected a search that found nothing: what it
 * searched instead ("drill" for "drils"), or the category it listed ("Hammers" for "hamers"),
 * URI-encoded (a header holds ASCII only). GET /categories with the same query counts those.
 */
export const CORRECTED_QUERY_HEADER = 'X-Corrected-Query';
