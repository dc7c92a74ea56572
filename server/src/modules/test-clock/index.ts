export { createTestClock, type TestClock } from './test-clock.js';
export { testClockRouter } from './test-clock.router.js';
