/**
 * Turns user input into a safe name filter. The trigram FTS index answers substrings of three
 * characters or more; shorter input falls back to LIKE on the case-folded name column.
 */
export type NameFilter =
  { kind: 'none' } | { kind: 'fts'; match: string } | { kind: 'like'; pattern: string };

export function nameFilter(search: string | undefined): NameFilter {
  const text = (search ?? '').trim();
  if (!text) return { kind: 'none' };
  if ([...text].length >= 3) return { kind: 'fts', match: ftsPhrase(text) };
  return { kind: 'like', pattern: `%${escapeLike(foldName(text))}%` };
}

/** One FTS5 phrase: inside double quotes every character is literal except `"`, doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** For `LIKE ? ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function foldName(name: string): string {
  return name.toLowerCase();
}
