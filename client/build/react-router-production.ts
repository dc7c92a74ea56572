import fs from 'node:fs';
import type { Plugin } from 'vite';

/**
 * React Router's production build in the shop's bundle. Its package.json sends every import to
 * `dist/development` (remix-run/react-router#12532, #14102: meant to be temporary), whose
 * `ENABLE_DEV_WARNINGS` is on: the shop's pages carried the router's development warnings
 * (1.7 kB raw), printed to a visitor's console whenever one applied. The package ships the same
 * build for production beside it: each import resolves as the package says, then to its twin
 * under `dist/production`. A twin missing (a release that moved them) fails the build, as does any
 * development file left in the bundle, rather than ship the wrong one quietly; a release that
 * resolves to production itself is left as it is.
 */
export function reactRouterProduction(): Plugin {
  // Module ids are POSIX paths on every system (Vite normalises them).
  const development = '/react-router/dist/development/';
  const production = '/react-router/dist/production/';
  return {
    name: 'toolworks:react-router-production',
    apply: 'build',
    // Before Vite's own resolver, which would answer with the package's development file.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes(development)) return resolved;
      const twin = resolved.id.replace(development, production);
      if (!fs.existsSync(twin))
        this.error(`react-router: no production build beside ${resolved.id} (expected ${twin})`);
      return { ...resolved, id: twin };
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const stray = Object.keys(item.modules).find((id) => id.includes(development));
        if (stray) this.error(`react-router's development build is in ${item.fileName}: ${stray}`);
      }
    },
  };
}
