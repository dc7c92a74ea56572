// The API's days are UTC calendar days ('2026-11-03'); show them as such, whatever the zone.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
export const formatLongDay = (date: string) => longDayFormat.format(new Date(`${date}T00:00:00Z`));
