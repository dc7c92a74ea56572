import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake S3 at its HTTP edge, for the real AWS SDK: path-style requests on a local port, the way
 * MinIO or any S3-compatible endpoint is reached (S3_ENDPOINT). Objects are kept by path
 * (`/<bucket>/<key>`).
 */
export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  seen: SeenRequest[];
  /** While true, every DELETE is refused (403: the key may not delete). */
  failDeletes: boolean;
  close(): Promise<void>;
}

const ACCESS_DENIED =
  '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>denied</Message></Error>';
const NO_SUCH_KEY =
  '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>';

export async function startFakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      seen.push({ method: req.method ?? '', path, headers: req.headers });
      if (req.method === 'PUT') {
        objects.set(path, {
          body: Buffer.concat(chunks),
          type: String(req.headers['content-type']),
        });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          res.writeHead(404, { 'Content-Type': 'application/xml' }).end(NO_SUCH_KEY);
          return;
        }
        res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length });
        res.end(object.body);
      } else if (req.method === 'DELETE' && fake.failDeletes) {
        res.writeHead(403, { 'Content-Type': 'application/xml' }).end(ACCESS_DENIED);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeS3 = {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    seen,
    failDeletes: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
