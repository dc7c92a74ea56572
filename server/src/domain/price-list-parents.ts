import { PRICE_LIST_MAX_DEPTH } from '@toolworks/contract/price-lists';

/**
 * Why list `id` (null: a new list) may not take `parentId` as its parent, given every stored
 * list's parent (`parents`: id -> parent id): PARENT_NOT_FOUND when no list has that id;
 * PARENT_CYCLE when the chain of parents would lead back to the list, or when a chain through it
 * would pass PRICE_LIST_MAX_DEPTH parents (the resolver stops there). Admins keep few lists, so
 * the adapters read the whole map on a save.
 */
export function parentProblem(
  parents: ReadonlyMap<string, string | null>,
  id: string | null,
  parentId: string | null,
): 'PARENT_NOT_FOUND' | 'PARENT_CYCLE' | null {
  if (!parentId) return null;
  if (!parents.has(parentId)) return 'PARENT_NOT_FOUND';
  let above = 0;
  for (let at: string | null = parentId; at; at = parents.get(at) ?? null) {
    if (at === id) return 'PARENT_CYCLE';
    above += 1;
    if (above > PRICE_LIST_MAX_DEPTH) return 'PARENT_CYCLE';
  }
  return above + (id ? heightBelow(parents, id) : 0) > PRICE_LIST_MAX_DEPTH ? 'PARENT_CYCLE' : null;
}

/** How many levels of lists derive from `id` (0: none). */
function heightBelow(parents: ReadonlyMap<string, string | null>, id: string, depth = 0): number {
  if (depth > PRICE_LIST_MAX_DEPTH) return depth;
  let height = 0;
  for (const [child, parent] of parents)
    if (parent === id) height = Math.max(height, 1 + heightBelow(parents, child, depth + 1));
  return height;
}
