import { describe, expect, it } from 'vitest';
import { createPageEtags } from './page-etag.js';

const drill = JSON.stringify({
  _id: 'a1',
  name: 'Drill "Pro" \u00e9\u2028',
  availableQuantity: 40,
});
const saw = JSON.stringify({ _id: 'b2', name: 'Saw', availableQuantity: 0 });

describe('createPageEtags', () => {
  it('when a page is tagged, then the tag is weak and its length is the page’s in UTF-8 bytes', () => {
    const tag = createPageEtags();
    for (const items of [[], [saw], [drill, saw]]) {
      const bytes = Buffer.byteLength(`[${items.join(',')}]`);
      expect(tag(items)).toMatch(new RegExp(`^W/"${bytes.toString(16)}-[A-Za-z0-9+/]{27}"$`));
    }
  });

  it('when the same tools come again, even as other strings, then the tag is the same', () => {
    const tag = createPageEtags();
    expect(tag([drill, saw])).toBe(tag([drill, saw]));
    expect(tag([drill, saw])).toBe(createPageEtags()([`${drill}`, saw.slice(0)]));
  });

  it('when one tool changes by a character, or the order or count changes, then the tag changes', () => {
    const tag = createPageEtags();
    const tags = [
      tag([drill, saw]),
      tag([drill.replace('40', '39'), saw]),
      tag([saw, drill]),
      tag([drill]),
      tag([drill, saw, saw]),
    ];
    expect(new Set(tags).size).toBe(tags.length);
  });
});
