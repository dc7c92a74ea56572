import { initial } from './001-initial.js';
import { catalogue } from './004-catalogue.js';

export interface Migration {
  /** Strictly increasing; a released migration is never edited, only followed by a new one. */
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [initial, catalogue];
