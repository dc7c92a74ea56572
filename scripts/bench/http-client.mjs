// The load generators' HTTP client: the part of fetch the bench's phases use, over node:http
// with kept-alive sockets. fetch (undici) spent about 1.0 CPU-ms per request here, as much as
// the shop spends on an order: on a 2-core machine the generator held a core the servers then
// could not use, and capped shop and baseline alike. This one spends about 0.3 CPU-ms (measured
// in docs/performance.md, "the load generator").
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true });

/**
 * `fetch(url, { method, headers, body })` for a JSON API: resolves once the whole answer is
 * read, with `status`, `ok`, `headers` (node's lower-cased object) and `text()`/`json()`, and
 * `freshConnection`: whether the request opened its connection rather than reuse a kept one.
 * `newConnection: true` opens one of its own, closed after the answer (a new visitor).
 */
export function request(url, { method = 'GET', headers = {}, body, newConnection = false } = {}) {
  const sent = body === undefined ? undefined : Buffer.from(body);
  let freshConnection = false;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: newConnection ? false : agent,
        headers: sent ? { ...headers, 'content-length': sent.length } : headers,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode,
            freshConnection,
            ok: res.statusCode >= 200 && res.statusCode < 300,
            headers: res.headers,
            text: async () => bytes.toString('utf8'),
            json: async () => JSON.parse(bytes.toString('utf8')),
            arrayBuffer: async () => bytes,
          });
        });
      },
    );
    req.on('error', reject);
    req.once('socket', (socket) => (freshConnection = socket.connecting));
    req.end(sent);
  });
}
