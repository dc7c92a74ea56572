import { describe, expect, it } from 'vitest';
import {
  SEARCH_KEY_LENGTH,
  matchesSearch,
  searchKeys,
  searchTerms,
  searchText,
  wordLookup,
} from './search-terms.js';

describe('searchTerms', () => {
  it.each([
    ['  Tape   MEASURE ', { words: ['tape', 'measure'] }],
    ['PF-DRL', { words: ['pf-drl'], skuPrefix: 'pfdrl' }],
    ['pow', { words: ['pow'] }],
    ['pf-drl 18', { words: ['pf-drl', '18'] }],
    ['', { words: [] }],
  ])('when %j is searched, then the terms are %j', (search, terms) => {
    expect(searchTerms(search)).toEqual(terms);
  });
});

describe('searchKeys', () => {
  it.each([
    ['drill 18v', ['drill', 'rill', 'ill', 'll', 'l', '18v', '8v', 'v']],
    [
      'pipe_wrench',
      [
        'pipe_wre',
        'ipe_wren',
        'pe_wrenc',
        'e_wrench',
        '_wrench',
        'wrench',
        'rench',
        'ench',
        'nch',
        'ch',
        'h',
      ],
    ],
    ['a a\nb', ['a', 'b']],
    ['  ', []],
    // Code points, never half of a surrogate pair: MongoDB stores strings as UTF-8.
    ['🔧🔩', ['🔧🔩', '🔩']],
  ])('when the text is %j, then its keys are %j', (text, keys) => {
    expect(searchKeys(text)).toEqual(keys);
    expect(keys.every((key) => [...key].length <= SEARCH_KEY_LENGTH)).toBe(true);
  });
});

describe('wordLookup', () => {
  it.each([
    ['meas', { keyPrefix: 'meas' }],
    ['grinders', { keyPrefix: 'grinders' }],
    ['électrique', { key: 'électriq', inText: 'électrique' }],
    ['🔧'.repeat(9), { key: '🔧'.repeat(8), inText: '🔧'.repeat(9) }],
  ])('when %j is searched, then the keys are read as %j', (word, lookup) => {
    expect(wordLookup(word)).toEqual(lookup);
  });
});

/*
 * The index design (MongoDB) must find exactly what the rule finds: every searched word a
 * substring of the lower-cased name or description. Checked here for every substring of each
 * tool's text, and for each with a character more, against every tool.
 */
const tools = [
  { name: 'Cordless Drill 18V', description: 'Two batteries, brushless motor.' },
  { name: 'Pipe_Wrench Pro', description: '100% steel; "heavy-duty" jaws*' },
  { name: 'Ébarbeuse Électrique', description: 'Meuleuse d’angle 125 mm, İzmir.' },
  { name: 'Screwdriverscrewdriver', description: 'Handle🔧🔩 x\ty' },
  { name: 'Aaaaaaaaaaaaaaaaab', description: '' },
];

function foundByKeys(tool: { name: string; description: string }, search: string): boolean {
  const text = searchText(tool);
  const keys = keysOf(text);
  return searchTerms(search).words.every((word) => {
    const lookup = wordLookup(word);
    return 'keyPrefix' in lookup
      ? keys.some((key) => key.startsWith(lookup.keyPrefix))
      : keys.includes(lookup.key) && text.includes(lookup.inText);
  });
}

const keyCache = new Map<string, string[]>();
const keysOf = (text: string) => {
  if (!keyCache.has(text)) keyCache.set(text, searchKeys(text));
  return keyCache.get(text)!;
};

const substrings = (text: string) => {
  const chars = [...text.toLowerCase()];
  const all = new Set<string>();
  for (let i = 0; i < chars.length; i++)
    for (let j = i + 1; j <= chars.length; j++) all.add(chars.slice(i, j).join(''));
  return [...all];
};

describe('the index design against the rule', () => {
  const queries = tools.flatMap((tool) =>
    substrings(`${tool.name}\n${tool.description}`)
      .flatMap((s) => [s, `${s}a`, `${s}b`, `x${s}`])
      .filter((s) => s.trim()),
  );

  it('when any substring (or one a character longer) is searched, then the keys find exactly the tools the rule finds', () => {
    let compared = 0;
    for (const search of queries)
      for (const tool of tools) {
        const expected = searchTerms(search).words.every(
          (word) =>
            tool.name.toLowerCase().includes(word) || tool.description.toLowerCase().includes(word),
        );
        if (foundByKeys(tool, search) !== expected)
          throw new Error(`${JSON.stringify(search)} on ${tool.name}: expected ${expected}`);
        expect(matchesSearch({ ...tool, sku: 'ZZ-1' }, search)).toBe(expected);
        compared += 1;
      }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('when a word is longer than a key, then its first key alone is not enough', () => {
    const tool = { name: 'Aaaaaaaaaaaaaaaaab', description: '' };
    expect(foundByKeys(tool, 'aaaaaaaaab')).toBe(true);
    expect(foundByKeys(tool, 'aaaaaaaaac')).toBe(false);
    expect(foundByKeys({ name: 'Motor gearbox', description: '' }, 'motorgear')).toBe(false);
  });
});
