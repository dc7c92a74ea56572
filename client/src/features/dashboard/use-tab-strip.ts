import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * On phones the sidebar is one sideways-scrolling row. This keeps the current page's link in
 * view (centred when it can be) whenever the page changes, and marks the row with
 * `data-more-before` / `data-more-after` while links are hidden on that side, so the CSS can
 * fade that edge: a row that is cut off says it scrolls. On wide screens the list is a column
 * that never overflows, so both are no-ops there.
 */
export function useTabStrip<T extends HTMLElement>() {
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
    mark();
    strip.addEventListener('scroll', mark, { passive: true });
    window.addEventListener('resize', mark);
    return () => {
      strip.removeEventListener('scroll', mark);
      window.removeEventListener('resize', mark);
    };
  }, []);

  useEffect(() => {
    const strip = ref.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    // scrollLeft, not scrollIntoView: the page itself must not jump vertically.
    const centred = active.offsetLeft - (strip.clientWidth - active.offsetWidth) / 2;
    strip.scrollLeft = Math.max(0, centred);
    strip.dispatchEvent(new Event('scroll'));
  }, [pathname]);

  return ref;
}
