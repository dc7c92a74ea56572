/**
 * React draws the app over index.html's first screen (the header, and on some pages the page
 * itself, drawn at build time or filled by the server): `createRoot`, not hydration, so every
 * element there is replaced. A keyboard user who tabbed before the scripts ran would lose their
 * place: the focused element is removed and focus falls back to the page. This watches `root`
 * until React's first commit replaces its content, then focuses the element React drew in place
 * of the focused one (same tag, link target or id, and text), if there is one.
 */
export function carryFocusOver(root: HTMLElement): void {
  let focused: Element | null = root.contains(document.activeElement)
    ? document.activeElement
    : null;
  const onFocus = (event: FocusEvent) => {
    focused = event.target instanceof Element ? event.target : null;
  };
  root.addEventListener('focusin', onFocus);
  const observer = new MutationObserver(() => {
    // The first change of the root's children is React's first commit: done either way.
    observer.disconnect();
    root.removeEventListener('focusin', onFocus);
    if (!focused || focused.isConnected) return;
    const counterpart = counterpartOf(root, focused);
    counterpart?.focus({ preventScroll: true });
  });
  observer.observe(root, { childList: true });
}

function counterpartOf(root: HTMLElement, gone: Element): HTMLElement | undefined {
  const text = gone.textContent?.trim() ?? '';
  const same = (candidate: Element) =>
    candidate.getAttribute('href') === gone.getAttribute('href') &&
    candidate.id === gone.id &&
    (candidate.textContent?.trim() ?? '') === text;
  const found = [...root.querySelectorAll(gone.tagName)].find(same);
  return found instanceof HTMLElement ? found : undefined;
}
