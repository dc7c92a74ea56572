import { createHash } from 'node:crypto';

/** As many listed tools as the store keeps serialised (`MAX_SERIALIZED_ROWS`, tools-repo.ts). */
const MAX_TOOL_TAGS = 2000;

interface ToolTag {
  /** SHA-1 of the tool's JSON text, base64. */
  digest: string;
  /** Its length in UTF-8 bytes. */
  bytes: number;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64');

/**
 * ETags of catalogue pages, `W/"<length in hex>-<hash>"` as Express writes its own, with the hash
 * taken over the page's tools' own digests instead of its text. Each listed tool's text is the
 * same string from one request to the next (the store reuses it per stored row), so its digest
 * is worked out once: a page of 24 tools hashes about 700 bytes instead of its 6-10 KB, which
 * was a tenth of an uncached page's CPU (docs/performance.md). A tool whose text changes in any
 * way has another digest, so its pages have another ETag.
 */
export function createPageEtags() {
  const tags = new Map<string, ToolTag>();

  function tagOf(item: string): ToolTag {
    let tag = tags.get(item);
    if (!tag) {
      tag = { digest: sha1(item), bytes: Buffer.byteLength(item) };
      if (tags.size >= MAX_TOOL_TAGS) tags.delete(tags.keys().next().value as string);
      tags.set(item, tag);
    }
    return tag;
  }

  /**
   * The ETag of the JSON array `[items joined by commas]`, and of `extra` (what else the answer
   * says, in a header) when given.
   */
  return (items: readonly string[], extra?: string): string => {
    // The brackets, and a comma between each two tools.
    let bytes = 2 + Math.max(items.length - 1, 0);
    // The digests hashed as one string: one call into the hash, not one per tool.
    let digests = '';
    for (const item of items) {
      const tag = tagOf(item);
      bytes += tag.bytes;
      digests += tag.digest;
    }
    if (extra !== undefined) digests += `\n${extra}`;
    return `W/"${bytes.toString(16)}-${sha1(digests).slice(0, 27)}"`;
  };
}
