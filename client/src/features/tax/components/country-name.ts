const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** `France (FR)`: the browser's name for an ISO code, with the code the tables use. */
export const countryName = (code: string) => `${regions.of(code) ?? code} (${code})`;

export const percent = (value: number) => `${value}%`;
