import { initial } from './001-initial.js';
import { trade } from './008-trade.js';

export interface Migration {
  /** Strictly increasing; a released migration is never edited, only followed by a new one. */
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [initial, trade];
