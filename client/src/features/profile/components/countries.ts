import { ISO_3166_ALPHA2 } from '@toolworks/contract/countries';

// Names come from the browser (Intl.DisplayNames), so they follow its data rather than a list we
// must maintain.
let cached: string[] | undefined;

/** Every country by its English name, sorted by name. */
export function countryNames(): string[] {
  if (cached) return cached;
  const names =
    typeof Intl.DisplayNames === 'function'
      ? new Intl.DisplayNames(['en'], { type: 'region' })
      : undefined;
  cached = ISO_3166_ALPHA2.map((code) => names?.of(code) ?? code).sort((a, b) =>
    a.localeCompare(b, 'en'),
  );
  return cached;
}

/** The options of the Country select: the saved country first (even one not in the list). */
export function countryOptions(saved: string): string[] {
  const all = countryNames();
  return saved ? [saved, ...all.filter((name) => name !== saved)] : all;
}
