// Compiles the vendored Schematron stylesheets (server/einvoice-rules, SOURCE.md) to SaxonJS's
// SEF format, gzipped, with the SHA-256 of each source in sef/manifest.json: `npm run
// einvoice:rules`. The SEFs are committed, so that installing and starting the shop compiles
// nothing; einvoice-rules.test.ts fails when a stylesheet and its SEF disagree.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);
const rules = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'einvoice-rules');
const sefDir = join(rules, 'sef');
const xslt3 = join(rules, '..', '..', 'node_modules', 'xslt3', 'xslt3.js');

export const STYLESHEETS = {
  'en16931-cii': 'resources/cii/16b/xsl/EN16931-CII-validation.xsl',
  'en16931-ubl': 'resources/ubl/2.1/xsl/EN16931-UBL-validation.xsl',
  'xrechnung-cii': 'resources/xrechnung/3.0.2/xsl/XRechnung-CII-validation.xsl',
  'xrechnung-ubl': 'resources/xrechnung/3.0.2/xsl/XRechnung-UBL-validation.xsl',
};

await mkdir(sefDir, { recursive: true });
const manifest = {};
// Two at a time: one per core.
const names = Object.keys(STYLESHEETS);
for (let i = 0; i < names.length; i += 2) {
  await Promise.all(
    names.slice(i, i + 2).map(async (name) => {
      const source = join(rules, STYLESHEETS[name]);
      const out = join(sefDir, `${name}.sef.json`);
      const started = Date.now();
      await run(
        process.execPath,
        [xslt3, `-xsl:${source}`, `-export:${out}`, '-nogo', '-relocate:on'],
        {
          maxBuffer: 16 << 20,
        },
      );
      await writeFile(`${out}.gz`, gzipSync(await readFile(out), { level: 9 }));
      await rm(out);
      manifest[name] = {
        source: STYLESHEETS[name],
        sha256: createHash('sha256')
          .update(await readFile(source))
          .digest('hex'),
      };
      console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
}
const ordered = Object.fromEntries(names.map((name) => [name, manifest[name]]));
await writeFile(join(sefDir, 'manifest.json'), `${JSON.stringify(ordered, null, 2)}\n`);
