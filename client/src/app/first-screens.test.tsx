import { TOOL_PAGE_PLACEHOLDERS as slot } from '@toolworks/contract/tool-page-html';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ToolFirstScreen, ToolsFirstScreen } from './first-screens';

// What the client build draws into the pages' HTML (vite.config.ts, `routePages`).
describe('the first screens drawn at build time', () => {
  it('when /tools is drawn, then it has its heading, filters, sort and card skeletons, and asks nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const html = renderToStaticMarkup(<ToolsFirstScreen />);
    expect(html).toContain('<h1>All tools</h1>');
    expect(html).toContain('In stock only');
    expect(html).toContain('Sort by');
    expect(html.match(/class="card tool-card"/g)).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  // server/src/lib/tool-page-html.ts fills exactly these.
  it("when a tool page's template is drawn, then the name and photo are the server's placeholders", () => {
    const uploaded = renderToStaticMarkup(<ToolFirstScreen photo="uploaded" />);
    expect(uploaded).toContain(`<title>${slot.name} · Toolworks</title>`);
    expect(uploaded).toContain(`<h1 id="tool-title">${slot.name}</h1>`);
    expect(uploaded).toMatch(
      new RegExp(
        `<img src="${slot.photo}" srcSet="[^"]*" sizes="[^"]+" width="${slot.photoWidth}" height="${slot.photoHeight}" alt="${slot.name}"`,
      ),
    );
    const byUrl = renderToStaticMarkup(<ToolFirstScreen photo="url" />);
    expect(byUrl).toContain(`<img src="${slot.photo}" width="400" height="300" alt="${slot.name}"`);
  });
});
