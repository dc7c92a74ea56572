/** Price lists (issue 50): contract prices an admin assigns to companies. */

import type { PricePolicy } from '@toolworks/contract/price-lists';
import type { PricingList, PricingRule } from '../../domain/pricing.js';
import type { Id } from './common.js';

/** A version of a list's rules as stored; `startsOn` null: the list's own rules. */
export interface PriceListVersionRecord {
  startsOn: string | null;
  rules: PricingRule[];
}

/** A price list as stored: `versions` holds the list's own rules (startsOn null) first. */
export interface PriceListRecord {
  _id: Id;
  name: string;
  currency: string;
  validFrom: string | null;
  validTo: string | null;
  parentId: Id | null;
  versions: PriceListVersionRecord[];
  /** The companies it is assigned to, by name. */
  companyIds: Id[];
  createdAt: string;
  updatedAt: string;
}

export type PriceListSummaryRecord = Omit<PriceListRecord, 'versions'> & {
  lineCount: number;
  versionStarts: string[];
};

/** What a save writes: every field, whole (PUT replaces). */
export interface PriceListInput {
  name: string;
  currency: string;
  validFrom: string | null;
  validTo: string | null;
  parentId: Id | null;
  versions: PriceListVersionRecord[];
}

/** A company's side of pricing, read on every priced request of its members. */
export interface CompanyPricingRecord {
  priceListIds: Id[];
  pricePolicy: PricePolicy;
}

export interface PriceListsRepo {
  /** By name. */
  list(): Promise<PriceListSummaryRecord[]>;
  get(id: Id): Promise<PriceListRecord | null>;
  /**
   * PARENT_NOT_FOUND: `parentId` names no list; PARENT_CYCLE: the parent chain would lead back
   * to this list or pass `PRICE_LIST_MAX_DEPTH`. Nothing is written then.
   */
  create(
    input: PriceListInput,
    now: string,
  ): Promise<PriceListRecord | 'PARENT_NOT_FOUND' | 'PARENT_CYCLE'>;
  update(
    id: Id,
    input: PriceListInput,
    now: string,
  ): Promise<PriceListRecord | null | 'PARENT_NOT_FOUND' | 'PARENT_CYCLE'>;
  /** Also takes it off every company it was assigned to and off the lists derived from it. */
  delete(id: Id): Promise<boolean>;
  /**
   * The lists with these ids and all their parents, for the resolver, with only the rules that
   * can price these SKUs (fixed lines for them, and every percentage line). Missing ids are left
   * out (a deleted list prices nothing).
   */
  forPricing(ids: readonly Id[], skus: readonly string[]): Promise<Map<Id, PricingList>>;
  /** A company's lists in assignment order and its policy; null when there is no such company. */
  companyPricing(companyId: Id): Promise<CompanyPricingRecord | null>;
  /** `unknownListId`: an id names no list; nothing is written. Null: no such company. */
  setCompanyPricing(
    companyId: Id,
    pricing: Partial<CompanyPricingRecord>,
  ): Promise<CompanyPricingRecord | null | { unknownListId: Id }>;
}
