/**
 * The units a tool is sold in (issue 50): UN/ECE Recommendation 20 codes, the ones EN 16931
 * invoices carry, with the words screens use. A closed list: an admin picks one. Zod-free, so
 * the client's first pages can name a unit without loading zod.
 */
export const UNITS = {
  C62: { one: 'piece', many: 'pieces' },
  H87: { one: 'piece', many: 'pieces' },
  MTR: { one: 'metre', many: 'metres' },
  KGM: { one: 'kilogram', many: 'kilograms' },
  LTR: { one: 'litre', many: 'litres' },
  MTK: { one: 'square metre', many: 'square metres' },
  SET: { one: 'set', many: 'sets' },
  PR: { one: 'pair', many: 'pairs' },
} as const;

export type UnitCode = keyof typeof UNITS;
export const UNIT_CODES = Object.keys(UNITS) as [UnitCode, ...UnitCode[]];
export const DEFAULT_UNIT: UnitCode = 'C62';

export const isUnitCode = (code: string): code is UnitCode => Object.hasOwn(UNITS, code);

/** "piece" / "pieces" for a code; an unknown code (an older row) reads as pieces. */
export function unitWord(code: string, quantity = 1): string {
  const unit = isUnitCode(code) ? UNITS[code] : UNITS.C62;
  return quantity === 1 ? unit.one : unit.many;
}
