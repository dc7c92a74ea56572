import { TOOL_PAGE_PLACEHOLDERS as slot } from '@toolworks/contract/tool-page-html';
import type { Tool } from '@toolworks/contract/tools';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CataloguePage } from '@/features/catalogue/components/catalogue-page';
import { ToolPageFrame } from '@/features/catalogue/components/tool-page-frame';
import { AppProvider } from './provider';

/*
 * Pages' first screens, drawn into their HTML at build time (client/vite.config.ts,
 * `routePages`) from the components the pages render, so the two cannot drift apart.
 */

/**
 * /tools as React first draws it: the heading, the filters and the toolbar, and card
 * skeletons while the tools load (a static render runs no query).
 */
export function ToolsFirstScreen() {
  return (
    <AppProvider queryClient={new QueryClient()}>
      <MemoryRouter initialEntries={[paths.tools]}>
        <CataloguePage />
      </MemoryRouter>
    </AppProvider>
  );
}

// The shapes ToolPhoto draws: an uploaded photo (srcset, sizes, its own shape) or an image URL.
const uploaded: Pick<Tool, 'name' | 'img' | 'images'> = {
  name: slot.name,
  img: '',
  images: [
    {
      _id: '',
      // Attribute text, filled by the server: the types ask for the numbers it puts there.
      width: slot.photoWidth as unknown as number,
      height: slot.photoHeight as unknown as number,
      variants: [{ width: 1, url: slot.photo }],
    },
  ],
};
const byUrl: Pick<Tool, 'name' | 'img' | 'images'> = {
  name: slot.name,
  img: slot.photo,
  images: [],
};

/**
 * A tool page's first screen (breadcrumb, photo, name) with placeholders the server fills for
 * the tool asked for (server/src/lib/tool-page-html.ts). `photo` picks the photo's shape.
 */
export function ToolFirstScreen({ photo }: { photo: 'uploaded' | 'url' }) {
  return (
    <MemoryRouter>
      <ToolPageFrame tool={photo === 'uploaded' ? uploaded : byUrl} />
    </MemoryRouter>
  );
}
