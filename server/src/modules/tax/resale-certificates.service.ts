import { randomBytes } from 'node:crypto';
import type { ExpiringCertificate, ResaleCertificate } from '@toolworks/contract/tax-settings';
import { certificatesExpiringSoon } from '../../domain/tax.js';
import type { ImageStorage } from '../../images/index.js';
import { AppError } from '../../lib/app-error.js';
import { newObjectId } from '../../store/object-id.js';
import type { Id, ResaleCertificateRecord, Store, UserRecord } from '../../store/store.js';

export const NOT_A_PDF = 'Upload the certificate as a PDF';
const NO_COMPANY = 'No such company';
const NO_CERTIFICATE = 'No such certificate';
/** The admin's warning looks this far ahead (issue 51). */
const WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

const toWire = ({ fileKey: _key, ...record }: ResaleCertificateRecord): ResaleCertificate => record;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * A key nobody can guess: a bucket with a public address must not hand a company's tax papers to
 * whoever counts ids. The file is only ever served through the API, to its readers.
 */
const fileKey = (companyId: Id, id: Id) =>
  `resale-certificates/${companyId}/${id}-${randomBytes(16).toString('hex')}.pdf`;

/**
 * A company's resale exemption certificates (issue 51): the record in the store, the PDF in the
 * file storage tool photos use. The shop's admins manage them; the company's own company-admins
 * may read them.
 */
export function createResaleCertificatesService(
  store: Store,
  files: ImageStorage,
  now: () => Date,
) {
  const company = async (companyId: Id) => {
    const found = await store.companies.get(companyId);
    if (!found) throw AppError.notFound(NO_COMPANY);
    return found;
  };
  const certificate = async (companyId: Id, id: Id) => {
    const found = await store.taxSettings.certificate(companyId, id);
    if (!found) throw AppError.notFound(NO_CERTIFICATE);
    return found;
  };

  return {
    /** The shop's admins, or a company-admin of this very company; 403 for anyone else. */
    async assertReader(companyId: Id, caller: UserRecord): Promise<void> {
      if (caller.role === 'admin') return;
      const membership = await store.companies.membershipOf(caller.email);
      if (membership?.company._id !== companyId || membership.member.role !== 'company-admin')
        throw AppError.forbidden("Only the shop's admins and the company's admins can see this");
    },

    async list(companyId: Id): Promise<{ certificates: ResaleCertificate[] }> {
      await company(companyId);
      return { certificates: (await store.taxSettings.certificatesOf(companyId)).map(toWire) };
    },

    async add(
      companyId: Id,
      input: { number: string; state: string; expiresOn: string },
      bytes: Buffer | undefined,
      by: string,
    ): Promise<ResaleCertificate> {
      await company(companyId);
      if (!bytes || !isPdf(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_PDF, 415);
      if (input.expiresOn < dayOf(now()))
        throw AppError.badRequest('Expiry date must not be in the past');
      const id = newObjectId(now().getTime());
      const key = fileKey(companyId, id);
      await files.put(key, bytes, 'application/pdf');
      try {
        const record = await store.taxSettings.addCertificate(
          { _id: id, companyId, ...input, fileKey: key, fileBytes: bytes.length, createdBy: by },
          now().toISOString(),
        );
        return toWire(record);
      } catch (err) {
        // The record is what makes a file someone's: without it, the file goes too.
        await files.delete([key]);
        throw err;
      }
    },

    async file(companyId: Id, id: Id): Promise<{ number: string; bytes: Buffer }> {
      const found = await certificate(companyId, id);
      const bytes = await files.get(found.fileKey);
      if (!bytes) throw AppError.notFound('The certificate file is missing');
      return { number: found.number, bytes };
    },

    async remove(companyId: Id, id: Id): Promise<void> {
      const removed = await store.taxSettings.removeCertificate(companyId, id);
      if (!removed) throw AppError.notFound(NO_CERTIFICATE);
      await files.delete([removed.fileKey]);
    },

    /** Every company's certificates lapsing within 30 days, soonest first, for the warning. */
    async expiring(): Promise<{ certificates: ExpiringCertificate[] }> {
      const today = dayOf(now());
      const last = dayOf(new Date(Date.parse(`${today}T00:00:00Z`) + WARNING_DAYS * DAY_MS));
      const soon = certificatesExpiringSoon(
        await store.taxSettings.certificatesExpiring(today, last),
        today,
        WARNING_DAYS,
      );
      const names = new Map<string, string>();
      for (const id of new Set(soon.map((c) => c.companyId)))
        names.set(id, (await store.companies.get(id))?.name ?? '');
      return {
        certificates: soon.map((c) => ({
          ...toWire(c),
          companyName: names.get(c.companyId) ?? '',
          daysLeft: daysBetween(today, c.expiresOn),
        })),
      };
    },
  };
}
