import type { Plugin } from 'vite';

/**
 * Inlines the entry's stylesheet into index.html: the header and loader that index.html paints
 * need no second round trip before the first paint. The server allows the <style> element by
 * its hash in the Content-Security-Policy (server/src/lib/security-headers.ts).
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'toolworks:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (link, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}
