import { AdvanceClockSchema, type Clock } from '@toolworks/contract/test-clock';
import { Router } from 'express';
import { requireAdmin } from '../../auth/index.js';
import { parseBody } from '../../lib/validate.js';
import type { ExpireDueOrders } from '../orders/index.js';
import type { TestClock } from './test-clock.js';

/** POST /test/clock: an admin moves the reservation clock forward; due reservations end at once. */
export function testClockRouter(
  deps: Parameters<typeof requireAdmin>[0] & { testClock: TestClock; expire: ExpireDueOrders },
): Router {
  const { testClock, expire } = deps;
  const router = Router();

  router.post('/test/clock', requireAdmin(deps), async (req, res) => {
    const { minutes } = parseBody(AdvanceClockSchema, req);
    testClock.advance(minutes);
    await expire();
    const clock: Clock = {
      now: testClock.now().toISOString(),
      aheadMinutes: testClock.aheadMinutes(),
    };
    res.set('Cache-Control', 'no-store').json(clock);
  });

  return router;
}
