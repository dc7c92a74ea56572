import type { AnyBulkWriteOperation, Collection, Filter, ObjectId } from 'mongodb';
import { searchKeys, searchTerms, searchText, skuSearchKey, wordLookup } from '../search-terms.js';
import { escapeRegex } from './ids.js';
import type { ToolDoc } from './tool-docs.js';

/*
 * The catalogue search on MongoDB (issue 49: it was an unanchored regex over every name and
 * description). The rule is store/search-terms.ts; each tool carries the keys it defines in a
 * multikey index, and each searched word is read from it by an anchored, case-sensitive prefix
 * regex or an equality, both of which MongoDB answers from index bounds. Only a word longer than a
 * key is then checked in `searchText`, on the tools its first key found.
 */

/** The search fields of a tool's name and description: written with them, on every write. */
export function textSearchFields(tool: { name: string; description: string }) {
  const text = searchText(tool);
  return { searchText: text, searchKeys: searchKeys(text) };
}

function wordFilter(word: string): Filter<ToolDoc> {
  const lookup = wordLookup(word);
  if ('keyPrefix' in lookup) return { searchKeys: { $regex: `^${escapeRegex(lookup.keyPrefix)}` } };
  return { searchKeys: lookup.key, searchText: { $regex: escapeRegex(lookup.inText) } };
}

/** Every word found, or (one word) the start of the SKU; undefined for no search. */
export function searchFilter(search: string | undefined): Filter<ToolDoc> | undefined {
  const { words, skuPrefix } = searchTerms(search);
  if (!words.length) return undefined;
  const text: Filter<ToolDoc> =
    words.length === 1 ? wordFilter(words[0]!) : { $and: words.map(wordFilter) };
  if (skuPrefix === undefined) return text;
  return { $or: [text, { skuSearch: { $regex: `^${escapeRegex(skuPrefix)}` } }] };
}

const BATCH = 500;

/**
 * Migration 7: the search fields for tools stored before them, in batches by id. A tool renamed
 * meanwhile is not matched by its write; a last pass from the first id reads it again, so each
 * ends with its own name's keys.
 */
export async function backfillSearchFields(tools: Collection<ToolDoc>): Promise<void> {
  let after: ObjectId | undefined;
  for (;;) {
    const missing = await tools
      .find(
        { searchKeys: { $exists: false }, ...(after && { _id: { $gt: after } }) },
        { projection: { name: 1, description: 1, sku: 1 }, sort: { _id: 1 }, limit: BATCH },
      )
      .toArray();
    if (!missing.length) {
      if (!after) return;
      after = undefined;
      continue;
    }
    const ops: AnyBulkWriteOperation<ToolDoc>[] = missing.map((doc) => ({
      updateOne: {
        filter: {
          _id: doc._id,
          name: doc.name,
          description: doc.description,
          sku: doc.sku,
          searchKeys: { $exists: false },
        },
        update: { $set: { ...textSearchFields(doc), skuSearch: skuSearchKey(doc.sku) } },
      },
    }));
    await tools.bulkWrite(ops, { ordered: false });
    after = missing.at(-1)!._id;
  }
}
