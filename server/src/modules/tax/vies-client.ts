import type { Config } from '../../config.js';
import type { VatAnswer } from '../../domain/vat-check.js';
import { checkVatIdFormat } from '../../domain/vat-id.js';

/**
 * The European Commission's VIES REST service (`POST {VIES_URL}/check-vat-number`), wrapped so
 * that the rest of the shop sees three answers: valid, invalid (both with VIES's evidence), or
 * unavailable, to be tried again. Only VIES saying `valid: false` (or refusing the number as
 * malformed) is "invalid": its faults, an HTTP error, a network error or a timeout never are.
 */
export interface ViesClient {
  /** `prefix` is VIES's country code (EL for Greece, XI for Northern Ireland). */
  check(id: { prefix: string; number: string }, now: () => Date): Promise<VatAnswer>;
}

interface ViesBody {
  valid?: unknown;
  name?: unknown;
  address?: unknown;
  requestDate?: unknown;
  requestIdentifier?: unknown;
  actionSucceed?: unknown;
  errorWrappers?: Array<{ error?: unknown; message?: unknown }>;
}

/** VIES's placeholder for a detail a member state does not share. */
const shown = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && value.trim() !== '---'
    ? value.trim()
    : undefined;

function answerOf(status: number, body: ViesBody | undefined, checkedAt: string): VatAnswer {
  const fault = body?.errorWrappers?.[0]?.error;
  if (typeof fault === 'string' || body?.actionSucceed === false) {
    const code = typeof fault === 'string' ? fault : 'ACTION_FAILED';
    if (code === 'INVALID_INPUT') return { kind: 'invalid', evidence: { checkedAt } };
    return { kind: 'unavailable', error: code };
  }
  if (status < 200 || status > 299) return { kind: 'unavailable', error: `HTTP_${status}` };
  if (typeof body?.valid !== 'boolean') return { kind: 'unavailable', error: 'UNEXPECTED_ANSWER' };
  const evidence = {
    ...(shown(body.requestIdentifier) && { requestIdentifier: shown(body.requestIdentifier) }),
    ...(shown(body.name) && { name: shown(body.name) }),
    ...(shown(body.address) && { address: shown(body.address) }),
    ...(shown(body.requestDate) && { requestDate: shown(body.requestDate) }),
    checkedAt,
  };
  return { kind: body.valid ? 'valid' : 'invalid', evidence };
}

/** The shop's own VAT ID as VIES's requester: its answer then carries a consultation number. */
function requesterOf(sellerVatId: string | undefined) {
  const check = sellerVatId ? checkVatIdFormat(sellerVatId) : undefined;
  return check?.ok ? { requesterMemberStateCode: check.prefix, requesterNumber: check.number } : {};
}

export function createViesClient(
  settings: { url: string; timeoutMs: number },
  sellerVatId: Config['tax']['seller']['vatId'],
): ViesClient {
  const requester = requesterOf(sellerVatId);
  return {
    async check({ prefix, number }, now) {
      let response: Response;
      try {
        response = await fetch(`${settings.url}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: prefix, vatNumber: number, ...requester }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return { kind: 'unavailable', error: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR' };
      }
      let body: ViesBody | undefined;
      try {
        body = (await response.json()) as ViesBody;
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        if (timedOut) return { kind: 'unavailable', error: 'TIMEOUT' };
        body = undefined;
      }
      return answerOf(response.status, body, now().toISOString());
    },
  };
}
