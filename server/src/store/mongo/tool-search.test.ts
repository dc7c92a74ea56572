import type { Filter } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { matchesSearch, skuSearchKey } from '../search-terms.js';
import { searchFilter, textSearchFields } from './tool-search.js';
import type { ToolDoc } from './tools-repo.js';

/*
 * No MongoDB server runs here (docs/decisions/011). The search filter is a pure function of the
 * search, so it is read here by the few operators it uses, with MongoDB's meaning (a condition on
 * an array holds when it holds for one element), against the rule of store/search-terms.ts.
 */
type Doc = Pick<ToolDoc, 'searchText' | 'searchKeys' | 'skuSearch'>;

function holds(doc: Doc, filter: Filter<ToolDoc>): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field === '$and') return (condition as Filter<ToolDoc>[]).every((f) => holds(doc, f));
    if (field === '$or') return (condition as Filter<ToolDoc>[]).some((f) => holds(doc, f));
    const value = doc[field as keyof Doc];
    const values = Array.isArray(value) ? value : [value];
    if (typeof condition === 'string') return values.includes(condition);
    const { $regex, ...rest } = condition as { $regex: string };
    expect(rest).toEqual({});
    return values.some((v) => new RegExp($regex).test(v));
  });
}

/** The index bounds MongoDB can take from a condition: what each word's part must have. */
function indexed(filter: Filter<ToolDoc>): boolean {
  const { $and, $or, searchKeys, skuSearch } = filter as Record<string, unknown>;
  if ($and) return ($and as Filter<ToolDoc>[]).every(indexed);
  if ($or) return ($or as Filter<ToolDoc>[]).every(indexed);
  const bound = (c: unknown) =>
    typeof c === 'string' || (c as { $regex: string }).$regex.startsWith('^');
  return (
    (searchKeys !== undefined && bound(searchKeys)) || (skuSearch !== undefined && bound(skuSearch))
  );
}

const tools = [
  { name: 'Cordless Drill 18V', description: 'Two batteries.', sku: 'PF-DRL-18' },
  { name: '100% Steel Pliers', description: 'Grip [a-z] (.*) ^$ |?+ \\d', sku: 'HT-PLR-1' },
  { name: 'Ébarbeuse Électrique', description: 'Meuleuse d’angle.', sku: 'PF-EBR-1' },
  { name: 'Screwdriver Set', description: 'Magnetic 🔧 tips.', sku: 'XPF-DRL-1' },
];
const docs = tools.map((tool) => ({
  tool,
  doc: { ...textSearchFields(tool), skuSearch: skuSearchKey(tool.sku) },
}));

describe('searchFilter', () => {
  it.each([
    'drill',
    'DRILL 18',
    'll 18v',
    '%',
    '[a-z]',
    '(.*)',
    '^$',
    '|?+',
    '\\d',
    '.*',
    'électrique',
    'électriquex',
    'ébarbeuse électr',
    'crewdriver',
    'screwdrivers',
    '🔧',
    'PF-DRL',
    'pfdrl18',
    'pf-ebr',
    'drl18',
    'pow',
  ])('when %j is searched, then it finds what the rule finds, from the index', (search) => {
    const filter = searchFilter(search)!;
    expect(indexed(filter)).toBe(true);
    for (const { tool, doc } of docs)
      expect(holds(doc, filter), `${search} on ${tool.name}`).toBe(matchesSearch(tool, search));
  });

  it('when the search is blank, then there is no condition', () => {
    expect(searchFilter('  ')).toBeUndefined();
    expect(searchFilter(undefined)).toBeUndefined();
  });
});
