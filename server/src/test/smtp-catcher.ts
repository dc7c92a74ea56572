import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { PDFParse } from 'pdf-parse';

export interface SmtpCatcher {
  url: string;
  received: ParsedMail[];
  /** While true, every recipient is refused with a temporary error (451), as a busy server does. */
  refuse: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a free port that keeps every message it accepts, parsed. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher = { received: [] as ParsedMail[], refuse: false } as SmtpCatcher;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!catcher.refuse) return callback();
      const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          catcher.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  catcher.url = `smtp://127.0.0.1:${port}`;
  catcher.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return catcher;
}

/** The text of a PDF, as a reader would copy it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

export const recipients = (mail: ParsedMail) =>
  [mail.to]
    .flat()
    .flatMap((to) => to?.value ?? [])
    .map((a) => a.address);
