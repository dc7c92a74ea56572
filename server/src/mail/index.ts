// The generic mail sender: the outbox's background sender, the SMTP transport and the HTML
// helpers every feature's emails are written with. Features' own emails live in their modules;
// compose.ts gives the sender what it makes at send time (attachments, bodies kept as sources).
export { createOutboxSender, type SenderDeps } from './sender.js';
export { smtpTransport, type MailTransport } from './transport.js';
