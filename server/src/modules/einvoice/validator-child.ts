// The e-invoice validator's own process (validator-process.ts forks it): it loads the XML
// Schemas and the Schematron rules once, then answers each document it is sent.
import { validateEInvoice, type ValidationTarget } from './validate.js';

interface Request {
  id: number;
  xml: string;
  target: ValidationTarget;
}

process.on('message', (request: Request) => {
  validateEInvoice(request.xml, request.target).then(
    (report) => process.send?.({ id: request.id, report }),
    (err: unknown) => process.send?.({ id: request.id, error: String(err) }),
  );
});
// The server went away (or closed the channel): nothing more to validate.
process.on('disconnect', () => process.exit(0));
