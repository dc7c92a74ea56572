import { MongoServerError, ObjectId } from 'mongodb';
import { isId } from '../store.js';

/** A malformed id can never match a document, so callers treat null as "not found". */
export function toObjectId(id: string): ObjectId | null {
  return isId(id) ? new ObjectId(id) : null;
}

export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}

export const iso = (date: Date) => date.toISOString();

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
