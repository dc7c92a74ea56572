/** Buyers' saved lists ("Van restock"), private to their owner. */

import type { Id } from './common.js';

/**
 * A buyer's saved list ("Van restock"). `companyId`: shared with that company's members (read
 * and add to cart only; every write is by the owner's email).
 */
export interface SavedListRecord {
  _id: Id;
  ownerEmail: string;
  name: string;
  companyId?: Id;
  /** Oldest line first. */
  lines: SavedListLineRecord[];
  createdAt: string;
  updatedAt: string;
}

/** A tool on a list; `name` is the tool's name when it was added, for a tool deleted since. */
export interface SavedListLineRecord {
  toolId: Id;
  name: string;
  quantity: number;
  addedAt: string;
}

export type SavedListSummaryRecord = Omit<SavedListRecord, 'lines'> & { lineCount: number };

export interface SavedListLimits {
  maxLists: number;
  maxLines: number;
  maxQuantity: number;
}

/**
 * Saved lists. Every write names the owner: a list of someone else's is "not found" (null or
 * false), in the same atomic step as the write. Names are unique per owner, case-insensitively.
 */
export interface SavedListsRepo {
  /** The owner's lists, by name. */
  listByOwner(ownerEmail: string): Promise<SavedListSummaryRecord[]>;
  get(id: Id): Promise<SavedListRecord | null>;
  create(
    input: { ownerEmail: string; name: string; now: string },
    limits: Pick<SavedListLimits, 'maxLists'>,
  ): Promise<SavedListRecord | 'NAME_TAKEN' | 'TOO_MANY_LISTS'>;
  rename(id: Id, ownerEmail: string, name: string, now: string): Promise<boolean | 'NAME_TAKEN'>;
  delete(id: Id, ownerEmail: string): Promise<boolean>;
  /**
   * Adds the line, or adds `quantity` to the tool's line. Refused, with nothing written, when the
   * line would pass `maxQuantity` or a new line would pass `maxLines`.
   */
  addLine(
    id: Id,
    ownerEmail: string,
    line: Omit<SavedListLineRecord, 'addedAt'>,
    now: string,
    limits: Pick<SavedListLimits, 'maxLines' | 'maxQuantity'>,
  ): Promise<boolean | 'TOO_MANY_LINES' | 'TOO_MUCH'>;
  /** False when there is no such list of the owner's, or no such line on it. */
  setLine(id: Id, ownerEmail: string, toolId: Id, quantity: number, now: string): Promise<boolean>;
  removeLine(id: Id, ownerEmail: string, toolId: Id, now: string): Promise<boolean>;
  /** Shares the owner's list with `companyId`'s members, or stops (null); false: not theirs. */
  setSharing(id: Id, ownerEmail: string, companyId: Id | null, now: string): Promise<boolean>;
  /** The lists shared with `companyId` by anyone but `exceptEmail`, by name. */
  listSharedWith(companyId: Id, exceptEmail: string): Promise<SavedListSummaryRecord[]>;
}
