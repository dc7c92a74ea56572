// The orders baseline: bare node:http + better-sqlite3 doing the shop's reservation (check the
// stock, take it, insert the order) with WAL and synchronous=FULL, one transaction and so one
// fsync per request. No auth, validation or framework: what "one commit per order" costs alone.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// better-sqlite3 is the server workspace's dependency: load it from there, as the shop does.
const Database = createRequire(path.join(root, 'server/package.json'))('better-sqlite3');

const db = new Database(process.env.BARE_ORDERS_DB);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`CREATE TABLE IF NOT EXISTS tools (id TEXT PRIMARY KEY, stock INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, tool_id TEXT NOT NULL,
    quantity INTEGER NOT NULL, created_at TEXT NOT NULL)`);
const addTool = db.prepare('INSERT OR REPLACE INTO tools (id, stock) VALUES (?, ?)');
for (const [id, stock] of JSON.parse(process.env.BARE_ORDERS_TOOLS ?? '[]')) addTool.run(id, stock);

const stockOf = db.prepare('SELECT stock FROM tools WHERE id = ?').pluck();
const take = db.prepare('UPDATE tools SET stock = stock - ? WHERE id = ?');
const insert = db.prepare('INSERT INTO orders (tool_id, quantity, created_at) VALUES (?, ?, ?)');
const reserve = db.transaction((toolId, quantity) => {
  const stock = stockOf.get(toolId);
  if (stock === undefined || stock < quantity) return null;
  take.run(quantity, toolId);
  return Number(insert.run(toolId, quantity, new Date().toISOString()).lastInsertRowid);
});

const send = (res, status, body) => {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length });
  res.end(bytes);
};

const server = http.createServer((req, res) => {
  if (req.method === 'GET') {
    const id = decodeURIComponent(req.url.split('/').pop());
    return send(res, 200, { availableQuantity: stockOf.get(id) });
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const { toolId, quantity } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const id = reserve.immediate(toolId, quantity);
    if (id === null) send(res, 409, { error: { code: 'OUT_OF_STOCK' } });
    else send(res, 201, { _id: id, toolId, quantity });
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
