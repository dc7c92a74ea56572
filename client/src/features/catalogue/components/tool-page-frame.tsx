import type { Category, Tool } from '@toolworks/contract/tools';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ToolPhoto } from '@/components/ui/tool-photo';
import { paths } from '@/config/paths';
import './tool-page.css';

/**
 * A tool page's first screen (breadcrumb, photo, name) around the rest of the page. Also drawn
 * alone at build time with placeholders (app/first-screens.tsx) that the server fills for the
 * tool asked for: the page's HTML then paints the photo and name before any script, from this
 * same markup, so nothing moves when React renders the page over it.
 */
export function ToolPageFrame({
  tool,
  category,
  media,
  children,
  after,
}: {
  tool: Pick<Tool, 'name' | 'img' | 'images'>;
  category?: Pick<Category, 'slug' | 'name'>;
  /** In place of the main photo (the page's gallery); the first screen draws the photo alone. */
  media?: ReactNode;
  /** Under the name, beside the photo (on a phone, under it). */
  children?: ReactNode;
  /** Under the photo and details. */
  after?: ReactNode;
}) {
  return (
    <article className="container tool-page" aria-labelledby="tool-title">
      <title>{`${tool.name} · Toolworks`}</title>
      <nav aria-label="Breadcrumb" className="tool-breadcrumb">
        <Link to={paths.tools}>All tools</Link>
        {category ? (
          <>
            {' / '}
            <Link to={`${paths.tools}?category=${encodeURIComponent(category.slug)}`}>
              {category.name}
            </Link>
          </>
        ) : null}
      </nav>
      <div className="tool-page-main">
        <div className="tool-page-media">
          {media ?? (
            // The page's largest paint: fetched ahead of the other images.
            <ToolPhoto
              tool={tool}
              // Beside the details from 800 px (about 45% of the page), else the page's width.
              sizes="(min-width: 800px) 45vw, 100vw"
              alt={tool.name}
              width={400}
              height={300}
              fetchPriority="high"
            />
          )}
        </div>
        <div className="tool-page-info">
          <h1 id="tool-title">{tool.name}</h1>
          {children}
        </div>
      </div>
      {after}
    </article>
  );
}
