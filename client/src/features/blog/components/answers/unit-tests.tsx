import { CodeBlock } from '@/components/ui/code-block';

const example = `
import { describe, expect, it } from 'vitest';
import { orderTotal } from './order-total';

describe('orderTotal', () => {
  it('when the quantity is at the minimum, then it charges unit price times quantity', () => {
    expect(orderTotal({ unitPrice: 12.5, quantity: 100 })).toBe(1250);
  });

  it('when the quantity is below the minimum, then it refuses the order', () => {
    expect(() => orderTotal({ unitPrice: 12.5, quantity: 99, minimum: 100 })).toThrow(
      'The minimum order is 100',
    );
  });
});`;

export function UnitTestsAnswer() {
  return (
    <>
      <p>
        A <strong>unit test</strong> is a small, automated test that checks one unit of code (a
        function, a class, a module or a single component) on its own. It sets up an input
        (arrange), runs the code (act) and checks the result (assert). Unit tests do not depend on a
        real network, database or clock; anything outside the unit is replaced by a simple fake, so
        they run in milliseconds and give the same result every time.
      </p>
      <CodeBlock label="A unit test written with Vitest" code={example} />
      <p>Why write them:</p>
      <ul className="blog-list">
        <li>
          <strong>They catch bugs early</strong>, while the code is fresh in your mind and a fix is
          cheap, rather than in production.
        </li>
        <li>
          <strong>They prevent regressions.</strong> Once a behaviour is covered, a later change
          that breaks it fails the test suite instead of reaching customers.
        </li>
        <li>
          <strong>They make refactoring safe</strong>: you can restructure code with confidence
          because the tests tell you at once whether it still behaves the same.
        </li>
        <li>
          <strong>They document behaviour.</strong> A well-named test shows exactly what a piece of
          code is expected to do, including its edge cases, and stays accurate because it runs.
        </li>
        <li>
          <strong>They improve design.</strong> Code that is easy to test tends to have small,
          focused units with clear inputs and outputs.
        </li>
      </ul>
      <p>
        Good unit tests check behaviour rather than implementation details, so they keep passing
        when the internals change. They work alongside integration and end-to-end tests, which check
        that the units fit together.
      </p>
    </>
  );
}
