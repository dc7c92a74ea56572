import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { showAccountNotice } from '@/features/auth/account-notice-store';

// Lazy routes are transformed on first import; on a busy two-core machine that can pass 1 s.
configure({ asyncUtilTimeout: 4000 });

// Any console.error (React warnings, act() complaints, failed requests we did not fake) is a
// bug the test should surface, so it fails the test that produced it.
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
  // jsdom does not implement scrolling; the router's scroll restoration calls it.
  window.scrollTo = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Test files share their worker's modules: a notice one test shows must not reach the next.
  showAccountNotice(null);
  const logged = errors;
  errors = [];
  if (logged.length > 0) {
    throw new Error(`console.error was called during the test:\n${logged.join('\n---\n')}`);
  }
});
