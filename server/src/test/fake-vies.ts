import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the European Commission's VIES REST service (`VIES_URL`), outside our
 * walls: the shop reaches it over HTTP as it would the real one. Each test says how it answers.
 */

export interface ViesRequest {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

/** An HTTP answer, or `hang` (never answers: a timeout), or `drop` (the connection is cut). */
export type ViesReply = { status: number; body: unknown } | 'hang' | 'drop';

export interface FakeVies {
  url: string;
  requests: ViesRequest[];
  /** How the next requests are answered (by default: valid, with evidence). */
  reply(fn: (request: ViesRequest) => ViesReply): void;
  close(): Promise<void>;
}

export const viesValid = (request: ViesRequest, valid = true): ViesReply => ({
  status: 200,
  body: {
    countryCode: request.countryCode,
    vatNumber: request.vatNumber,
    requestDate: '2026-11-29T10:15:00.000Z',
    valid,
    requestIdentifier: valid ? 'WAPIAAAAZ7abcdef' : '',
    name: valid ? 'ACME WERKZEUGE GMBH' : '---',
    address: valid ? 'HAUPTSTRASSE 1\n10115 BERLIN' : '---',
  },
});

/** A fault as the REST service sends it: `actionSucceed: false` and its error code. */
export const viesFault = (error: string, status = 200): ViesReply => ({
  status,
  body: { actionSucceed: false, errorWrappers: [{ error, message: error }] },
});

export async function startFakeVies(): Promise<FakeVies> {
  const requests: ViesRequest[] = [];
  let answer: (request: ViesRequest) => ViesReply = (request) => viesValid(request);
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    if (req.method !== 'POST' || req.url !== '/check-vat-number') {
      res.writeHead(404).end();
      return;
    }
    const request = JSON.parse(text) as ViesRequest;
    requests.push(request);
    const reply = answer(request);
    if (reply === 'drop') return void req.socket.destroy();
    if (reply === 'hang') return void open.add(res);
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(fn) {
      answer = fn;
    },
    close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address nothing listens on: a network error. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
