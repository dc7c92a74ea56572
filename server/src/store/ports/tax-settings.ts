/**
 * What an admin keeps for the tax decision (issue 51): corrections to the shipped EU VAT table,
 * the US states where the shop has nexus, and companies' resale exemption certificates. A
 * certificate's PDF lives in the file storage (images/), at `fileKey`; the store keeps its record.
 */

import type { Id } from './common.js';

/** An admin's rates for one member state, over the shipped table's. */
export interface VatRateOverrideRecord {
  /** ISO 3166 alpha-2 (Greece is `GR`). */
  country: string;
  standard: number;
  reduced: number;
  updatedBy: string;
  updatedAt: string;
}

/** A US state where the shop collects sales tax, at the admin's rate. */
export interface NexusStateRecord {
  state: string;
  ratePercent: number;
  /** `YYYY-MM-DD`, when the nexus began; absent: not recorded. */
  since?: string;
  updatedBy: string;
  updatedAt: string;
}

export interface ResaleCertificateRecord {
  _id: Id;
  companyId: Id;
  number: string;
  state: string;
  /** `YYYY-MM-DD`, the last day it holds. */
  expiresOn: string;
  /** Where the PDF is in the file storage; never shown. */
  fileKey: string;
  fileBytes: number;
  createdAt: string;
  createdBy: string;
}

export type NewResaleCertificate = Omit<ResaleCertificateRecord, '_id' | 'createdAt'> & {
  /** The id the file's key was made with (the record takes it). */
  _id: Id;
};

export interface TaxSettingsRepo {
  /** The rate corrections and the nexus states, in one call: the tax decision reads both. */
  tables(): Promise<{ rateOverrides: VatRateOverrideRecord[]; nexus: NexusStateRecord[] }>;
  /** Sets (or replaces) the country's rates. */
  setRateOverride(override: VatRateOverrideRecord): Promise<VatRateOverrideRecord>;
  /** Back to the shipped rates; false when there was no correction. */
  clearRateOverride(country: string): Promise<boolean>;
  /** Adds or updates the state. */
  setNexusState(state: NexusStateRecord): Promise<NexusStateRecord>;
  /** False when the shop had no nexus there. */
  removeNexusState(state: string): Promise<boolean>;

  /** Stored with `createdAt` set to `now`. */
  addCertificate(input: NewResaleCertificate, now: string): Promise<ResaleCertificateRecord>;
  /** The company's, lapsed ones included, soonest expiry first. */
  certificatesOf(companyId: Id): Promise<ResaleCertificateRecord[]>;
  /** The company's certificate, or null (another company's is null too). */
  certificate(companyId: Id, id: Id): Promise<ResaleCertificateRecord | null>;
  /** The removed record (its file is the caller's to delete), or null when there was none. */
  removeCertificate(companyId: Id, id: Id): Promise<ResaleCertificateRecord | null>;
  /** Every company's certificates expiring on `from` to `to` (`YYYY-MM-DD`), soonest first. */
  certificatesExpiring(from: string, to: string): Promise<ResaleCertificateRecord[]>;
}
