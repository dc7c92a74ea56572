import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { Config } from '../../config.js';
import { vatCheckResult, type VatCheckResult } from '../../domain/vat-check.js';
import { checkVatIdFormat, isViesVatId } from '../../domain/vat-id.js';
import type { CompanyRecord, Store } from '../../store/store.js';
import { createViesClient, type ViesClient } from './vies-client.js';

/** A check holds its company this long; a crashed instance's companies are taken over after it. */
const LEASE_MS = 2 * 60_000;
/** Companies one sweep checks, one after another (VIES limits concurrent requests). */
const BATCH = 10;

/**
 * Companies' VAT IDs verified with VIES (issue 51): at once on an admin's request, and by a
 * sweep every instance may run, whose due companies are leased in the store (as the mail
 * outbox's messages are), so a restart or a second instance never loses or doubles a check.
 */
export function createVatChecks(
  deps: Pick<AppDeps, 'logger' | 'now'> & {
    config: Pick<Config, 'tax'>;
    store: Pick<Store, 'companies'>;
    vies?: ViesClient;
  },
) {
  const { config, store, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const { url, timeoutMs } = config.tax.vies;
  const vies =
    deps.vies ?? (url ? createViesClient({ url, timeoutMs }, config.tax.seller.vatId) : undefined);
  const workerId = `vat-${randomUUID()}`;

  /** The result for an ID VIES cannot be asked about, or null when VIES must answer. */
  const withoutVies = (vatId: string): VatCheckResult | null => {
    if (!isViesVatId(vatId)) return { status: 'unchecked', attempts: 0 };
    const format = checkVatIdFormat(vatId);
    return format.ok ? null : { status: 'invalid', attempts: 0, lastError: format.reason };
  };

  async function check(company: CompanyRecord): Promise<CompanyRecord | null> {
    let result = withoutVies(company.vatId);
    if (!result) {
      const format = checkVatIdFormat(company.vatId);
      if (!vies || !format.ok) return company;
      const answer = await vies.check(format, now);
      result = vatCheckResult(
        { status: company.vatStatus, attempts: company.vatCheckAttempts },
        answer,
        now().toISOString(),
      );
      const log = answer.kind === 'unavailable' ? logger.warn : logger.info;
      log.call(
        logger,
        {
          companyId: company._id,
          vatStatus: result.status,
          ...(result.lastError && { error: result.lastError }),
          retryAt: result.checkDueAt,
        },
        'VAT ID checked with VIES',
      );
    }
    return store.companies.recordVatCheck(company._id, company.vatId, result);
  }

  return {
    /** False without VIES_URL (dev and tests by default): IDs stay pending. */
    enabled: Boolean(vies),
    /** Checks now; the company as it then is (as it was, without VIES), null if unknown. */
    async checkNow(company: CompanyRecord): Promise<CompanyRecord | null> {
      return (await check(company)) ?? store.companies.get(company._id);
    },
    /** Checks the companies due; answers how many were checked. */
    async sweep(): Promise<number> {
      if (!vies) return 0;
      const due = await store.companies.claimVatChecks(
        workerId,
        now().toISOString(),
        LEASE_MS,
        BATCH,
      );
      for (const company of due) await check(company);
      return due.length;
    },
  };
}

export type VatChecks = ReturnType<typeof createVatChecks>;
