import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * On phones the sidebar is one sideways-scrolling row. This keeps the current page's link in
 * view (centred when it can be; with none, the row's start) whenever the page changes, and marks the row with
 * `data-more-before` / `data-more-after` while links are hidden on that side, so the CSS can
 * fade that edge: a row that is cut off says it scrolls. On wide screens the list is a column
 * that never overflows, so both are no-ops there.
 */
/**
 * Scrolls the row so its current link is centred (as far as the row allows), or, with no current
 * link (the dashboard's own page), to its start: the menu opens on its first entries. Set
 * explicitly because Chromium, when the links arrive after the admin check in front of the one
 * link it had snapped to (My Profile), keeps that one in view and opened the row past My Orders.
 */
function centreCurrent(strip: HTMLElement) {
  const active = strip.querySelector<HTMLElement>('[aria-current="page"]');
  if (!active) {
    strip.scrollLeft = 0;
    return;
  }
  if (strip.scrollWidth <= strip.clientWidth) return;
  // scrollLeft, not scrollIntoView: the page itself must not jump vertically.
  const link = active.getBoundingClientRect();
  const box = strip.getBoundingClientRect();
  strip.scrollLeft += link.left + link.width / 2 - (box.left + strip.clientWidth / 2);
}

export function useTabStrip<T extends HTMLElement>(contents: unknown) {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const mark = () => {
      const max = strip.scrollWidth - strip.clientWidth;
      strip.toggleAttribute('data-more-before', strip.scrollLeft > 1);
      strip.toggleAttribute('data-more-after', strip.scrollLeft < max - 1);
    };
    // A phone turned sideways (or a window narrowed into the row layout) keeps the link in view.
    const resized = () => {
      centreCurrent(strip);
      mark();
    };
    mark();
    strip.addEventListener('scroll', mark, { passive: true });
    window.addEventListener('resize', resized);
    return () => {
      strip.removeEventListener('scroll', mark);
      window.removeEventListener('resize', resized);
    };
  }, []);

  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    centreCurrent(strip);
    // Re-marks the edges for the new links and position.
    strip.dispatchEvent(new Event('scroll'));
    // `contents`: the links arrive after the admin check, later than the address.
  }, [pathname, contents]);

  return ref;
}
