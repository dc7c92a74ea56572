import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// axe-core injected straight into the page (@axe-core/playwright is not installed): the page
// is scanned as a whole against WCAG 2.1 A/AA and axe's best practices, and any serious or
// critical violation fails the test with a readable list of rules, targets and fixes.
const require = createRequire(import.meta.url);
const axeSource = require.resolve('axe-core/axe.min.js');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** Waits until nothing on the page says it is loading: no "Loading…" text, no aria-busy. */
export async function waitForContent(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !/Loading/.test(document.body.textContent ?? '') &&
      document.querySelector('[aria-busy="true"]') === null,
  );
}

export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    - ${JSON.stringify(n.target)}\n      ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    ... and ${v.nodes.length - 5} more` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n\n');
}

/** Scans the current page and fails on serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return result.violations;
  });
  const blocking = (violations as AxeViolation[]).filter((v) => BLOCKING.has(v.impact ?? ''));
  expect.soft(blocking.length, `axe on ${label}:\n${formatViolations(blocking)}`).toBe(0);
}
