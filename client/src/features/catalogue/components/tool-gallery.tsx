import type { Tool } from '@toolworks/contract/tools';
import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { ToolPhoto } from '@/components/ui/tool-photo';

/** How far a finger must travel sideways for a swipe, not a tap or a scroll. */
const SWIPE_PX = 40;

// The main photo as the page's first screen draws it (tool-page-frame.tsx), so nothing moves
// when React draws the gallery over it.
const MAIN_SIZES = '(min-width: 800px) 45vw, 100vw';

/**
 * Every photo of a tool with more than one: the one shown, and below it a row of thumbnail buttons (one tab stop;
 * the arrow keys, Home and End move through them, as in a toolbar). A sideways swipe on the
 * photo shows the next or previous one.
 */
export function ToolGallery({ tool }: { tool: Pick<Tool, 'name' | 'img' | 'images'> }) {
  const [shown, setShown] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = tool.images.length;
  const current = tool.images[shown];

  if (!current) return null;

  const show = (index: number, focus = false) => {
    const next = (index + count) % count;
    setShown(next);
    if (focus) thumbs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const to = {
      ArrowRight: shown + 1,
      ArrowDown: shown + 1,
      ArrowLeft: shown - 1,
      ArrowUp: shown - 1,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to, true);
  };

  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const end = event.changedTouches[0];
    touch.current = null;
    if (!start || !end) return;
    const dx = end.clientX - start.x;
    // Mostly sideways: an up-or-down stroke is the page scrolling.
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(end.clientY - start.y)) return;
    show(dx < 0 ? shown + 1 : shown - 1);
  };

  return (
    <div className="tool-gallery">
      <ToolPhoto
        tool={{ img: tool.img, images: [current] }}
        sizes={MAIN_SIZES}
        alt={shown === 0 ? tool.name : `${tool.name}, photo ${shown + 1} of ${count}`}
        width={400}
        height={300}
        fetchPriority={shown === 0 ? 'high' : undefined}
        className="tool-gallery-main"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      />
      <ul className="tool-gallery-thumbs" role="group" aria-label={`Photos of ${tool.name}`}>
        {tool.images.map((image, i) => (
          <li key={image._id}>
            <button
              ref={(node) => {
                thumbs.current[i] = node;
              }}
              type="button"
              className="tool-gallery-thumb"
              aria-label={`Photo ${i + 1} of ${count}`}
              aria-current={i === shown ? 'true' : undefined}
              tabIndex={i === shown ? 0 : -1}
              onClick={() => show(i)}
              onKeyDown={onKeyDown}
            >
              <img
                src={image.variants[0]?.url}
                alt=""
                width={image.width}
                height={image.height}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
