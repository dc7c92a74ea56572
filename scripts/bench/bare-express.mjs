// The second baseline: a bare Express 5 app answering the same bytes with the same headers,
// so the shop's own cost can be told apart from Express's (docs/performance.md).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Express is a dependency of the server workspace.
const require = createRequire(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'),
);
const express = require('express');

const body = Buffer.from(process.env.BARE_BODY_B64 ?? '', 'base64');
const app = express();
app.disable('x-powered-by');
app.get('/{*path}', (_req, res) => {
  res.set('content-type', 'application/json; charset=utf-8').send(body);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
