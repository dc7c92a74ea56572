/**
 * The shop's clock for reservations and expiry, moved forward on request. Only start.ts makes
 * one, when TEST_CLOCK is set (config refuses it in production): browser journeys cannot wait an
 * hour for a reservation to end, and editing the database behind the shop's back is no test.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock `minutes` forward; answers how far ahead of real time it now is. */
  advance: (minutes: number) => number;
  aheadMinutes: () => number;
}

export function createTestClock(): TestClock {
  let aheadMinutes = 0;
  return {
    now: () => new Date(Date.now() + aheadMinutes * 60_000),
    advance: (minutes) => (aheadMinutes += minutes),
    aheadMinutes: () => aheadMinutes,
  };
}
