import { describe, expect, it } from 'vitest';
import { zodWithoutEval } from './zod-without-eval';

describe('zodWithoutEval', () => {
  it('when it has run, then zod validates without its eval fast path', async () => {
    zodWithoutEval();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
