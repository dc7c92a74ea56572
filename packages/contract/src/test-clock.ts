import { z } from 'zod';

/**
 * POST /test/clock: moves the shop's reservation clock forward (only where TEST_CLOCK is set, never
 * in production), so that a browser journey sees an hour pass without waiting for it.
 */
export const AdvanceClockSchema = z.object({
  minutes: z
    .number({ error: 'minutes must be a whole number from 1 to 10080' })
    .int('minutes must be a whole number from 1 to 10080')
    .min(1, 'minutes must be a whole number from 1 to 10080')
    .max(7 * 24 * 60, 'minutes must be a whole number from 1 to 10080'),
});
export type AdvanceClockInput = z.infer<typeof AdvanceClockSchema>;

export const ClockSchema = z.object({
  /** The shop's time now, as ISO 8601. */
  now: z.string(),
  /** How far it is ahead of the real time, in minutes. */
  aheadMinutes: z.number().int(),
});
export type Clock = z.infer<typeof ClockSchema>;
