// The baseline: a bare node:http server answering fixed bytes with the same headers.
import http from 'node:http';

const body = Buffer.from(process.env.BARE_BODY_B64 ?? '', 'base64');
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
