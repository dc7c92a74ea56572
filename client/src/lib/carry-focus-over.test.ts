import { afterEach, describe, expect, it } from 'vitest';
import { carryFocusOver } from './carry-focus-over';

const shell = `<div class="app-shell"><a class="skip-link" href="#main">Skip to main content</a>
  <header><a href="/" class="brand">Toolworks</a></header><main id="main">Loading…</main></div>`;
const app = `<div class="app-shell"><a class="skip-link" href="#main">Skip to main content</a>
  <header><a href="/" class="brand">Toolworks</a><a href="/cart">Cart</a></header>
  <main id="main" tabindex="-1"><h1>All tools</h1></main></div>`;

/** What React's first commit does to index.html's first screen: replaces all of it. */
function takeOver(root: HTMLElement) {
  const drawn = document.createElement('div');
  drawn.innerHTML = app;
  root.replaceChildren(...drawn.childNodes);
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let root: HTMLElement;
afterEach(() => root.remove());
function page() {
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = shell;
  document.body.append(root);
  return root;
}

describe('carryFocusOver', () => {
  it('when a link of the first screen had focus, then its counterpart has it after React drew', async () => {
    const root = page();
    carryFocusOver(root);
    root.querySelector<HTMLElement>('.brand')!.focus();
    takeOver(root);
    await settle();
    expect(document.activeElement).toBe(root.querySelector('.brand'));
    expect(document.activeElement?.isConnected).toBe(true);
  });

  it('when the focus moved before React drew, then the last focused element is the one carried', async () => {
    const root = page();
    root.querySelector<HTMLElement>('.skip-link')!.focus();
    carryFocusOver(root);
    root.querySelector<HTMLElement>('.brand')!.focus();
    root.querySelector<HTMLElement>('.skip-link')!.focus();
    takeOver(root);
    await settle();
    expect(document.activeElement).toBe(root.querySelector('.skip-link'));
  });

  it('when nothing of the first screen had focus, then focus is left where it was', async () => {
    const root = page();
    carryFocusOver(root);
    takeOver(root);
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
