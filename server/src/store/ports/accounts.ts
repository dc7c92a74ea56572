/** Who may sign in, with what rights, and their contact details. */

import type { AdminSource } from '@toolworks/contract/users';
import type { Id } from './common.js';

export type Role = 'admin';

/** Where an admin right came from: ADMIN_EMAILS at sign-in, or an admin's Make Admin. */
export type { AdminSource };

export interface UserRecord {
  _id: Id;
  email: string;
  name?: string;
  role?: Role;
  /** Present exactly when `role` is. */
  adminSource?: AdminSource;
  /** Set while the shop has removed (blocked) this address; ISO time. */
  removedAt?: string;
  /**
   * Access tokens issued before this ISO time are refused: set by a removal and kept by a
   * restore, so a restored account starts with new sign-ins only.
   */
  sessionsValidFrom?: string;
  createdAt: string;
}

export type DemoteAdminResult = 'DEMOTED' | 'NOT_ADMIN' | 'LAST_ADMIN';
/** LAST_COMPANY_ADMIN: they are the only company-admin of their company; nothing changes. */
export type RemoveUserResult = 'REMOVED' | 'NOT_FOUND' | 'LAST_ADMIN' | 'LAST_COMPANY_ADMIN';

export interface UsersRepo {
  /**
   * Creates the user or refreshes the name; never changes the role, nor whether the address is
   * removed (the answer carries `removedAt` so the caller can refuse a removed user).
   */
  upsert(email: string, name?: string): Promise<UserRecord>;
  /** Users the shop has not removed; `includeRemoved` also finds removed ones. */
  getByEmail(email: string, options?: { includeRemoved?: boolean }): Promise<UserRecord | null>;
  /**
   * Oldest first: the users in the shop, or with `removed: true` only the removed ones;
   * `search` keeps those whose email or name holds it (any case, taken literally).
   */
  list(options?: { removed?: boolean; search?: string }): Promise<UserRecord[]>;
  /**
   * Makes a user in the shop admin (default source 'granted'): 1 if the record changed, 0 if
   * already admin from that source or unknown. A grant turns a list right into a granted one;
   * the list never turns a grant back into a list right.
   */
  makeAdmin(email: string, source?: AdminSource): Promise<number>;
  /** Takes away an admin right, in one atomic step only while another admin remains. */
  demoteAdmin(email: string): Promise<DemoteAdminResult>;
  /** Takes away the list rights of admins no longer listed (run at start-up); how many. */
  demoteListAdminsExcept(listed: readonly string[]): Promise<number>;
  /**
   * Blocks the address (the row stays, marked removed, without any admin right) and deletes the
   * profile and the company membership; orders are kept. Atomic with the checks that another
   * admin remains and that their company keeps a company-admin. Removing a
   * removed user again answers NOT_FOUND.
   */
  remove(email: string): Promise<RemoveUserResult>;
  /** Lets a removed user back in as a customer: 1 if they were removed, else 0. */
  restore(email: string): Promise<number>;
}

export interface ProfileRecord {
  name: string;
  email_address: string;
  LinkedIn_profile_link: string;
  country: string;
  street_address: string;
  city: string;
  state: string;
  phone: string;
  company_name: string;
  vat_id: string;
  delivery_address: string;
  postal_code: string;
}

export interface ProfilesRepo {
  get(email: string): Promise<ProfileRecord | null>;
  /** The saved profiles of these addresses (any case), in one read; missing ones left out. */
  getMany(emails: readonly string[]): Promise<ProfileRecord[]>;
  upsert(profile: ProfileRecord): Promise<ProfileRecord>;
}
