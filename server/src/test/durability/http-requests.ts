import http from 'node:http';

export interface Answer {
  status: number;
  body: unknown;
}

function readAnswer(req: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text for the assertion message
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * A JSON POST over a keep-alive agent. `onWritten` runs when the whole request has been handed
 * to the operating system (the request's 'finish'): on loopback it is then readable by the server.
 */
export function postJson(
  agent: http.Agent,
  url: URL,
  options: { authorization: string; body: string; onWritten: () => void },
): Promise<Answer> {
  const req = http.request(url, {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(options.body),
      authorization: options.authorization,
    },
  });
  req.once('finish', options.onWritten);
  const answer = readAnswer(req);
  req.end(options.body);
  return answer;
}

/**
 * A request the server has provably begun: its headers carry `Expect: 100-continue`, so Node's
 * server answers `100 Continue` only once it has parsed them and dispatched the request, and the
 * body is held back until the test calls `send()`. That makes "in flight when the signal came"
 * a fact rather than a race.
 */
export interface HeldRequest {
  /** Resolves when the server has answered 100 Continue. */
  accepted: Promise<void>;
  /** Sends the body; resolves with the final answer, rejects on a socket error. */
  send(): Promise<Answer>;
}

export function holdRequest(
  baseUrl: string,
  options: { path: string; authorization: string; body: string },
): HeldRequest {
  const url = new URL(options.path, baseUrl);
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(options.body),
      authorization: options.authorization,
      expect: '100-continue',
    },
  });
  const answer = readAnswer(req);
  const accepted = new Promise<void>((resolve, reject) => {
    req.once('continue', () => resolve());
    req.once('error', reject);
  });
  // Keeps an early socket error from being unhandled before `send()` is called.
  answer.catch(() => undefined);
  req.flushHeaders();
  return {
    accepted,
    send() {
      req.end(options.body);
      return answer;
    },
  };
}
