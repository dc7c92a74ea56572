import { get, type FieldErrors } from 'react-hook-form';
import type { PriceListValues } from './price-list-values';

/** The message at a dotted path (`lines.2.breaks.0.price`), the browser's or the server's. */
export function errorAt(errors: FieldErrors<PriceListValues>, path: string): string | undefined {
  const error = get<FieldErrors<PriceListValues>, { message?: unknown } | undefined>(errors, path);
  return typeof error?.message === 'string' ? error.message : undefined;
}
