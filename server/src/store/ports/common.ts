/** What every area of the storage port shares: ids and pages. */

export type Id = string;

export interface Page<T> {
  items: T[];
  total: number;
}

const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
