/**
 * Zod's fast path probes `new Function()`, which our CSP (no 'unsafe-eval') refuses and the
 * browser reports as a CSP issue; the plain validator is quick enough for our forms. Set through
 * the global that zod reads its configuration from (zod/v4/core's `config()` writes the same
 * object, and keeps it whether zod loads before or after this call), so that the entry chunk
 * does not import zod: only pages with forms or checked answers load the schema library.
 */
export function zodWithoutEval(): void {
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (zodGlobal.__zod_globalConfig ??= {}).jitless = true;
}
