import { formatCount } from '@toolworks/contract/format';
import type { Quote } from '@toolworks/contract/quotes';
import { money, table } from '../../mail/html.js';

/** Counted in cents, as the order the quote becomes is. */
const quotedAmount = (line: Quote['items'][number]) =>
  (Math.round((line.unitPrice ?? 0) * 100) * line.quantity) / 100;

/** A quote's lines: with the offered prices and total once priced, else today's list prices. */
export function quoteLinesTable(quote: Quote, priced: boolean): string {
  if (!priced) {
    const rows = quote.items.map((line) => [
      line.name,
      formatCount(line.quantity),
      money(line.listUnitPrice),
    ]);
    return table(['Item', 'Qty', 'List price'], rows);
  }
  const rows = quote.items.map((line) => [
    line.name,
    formatCount(line.quantity),
    money(line.unitPrice ?? 0),
    money(quotedAmount(line)),
  ]);
  return table(['Item', 'Qty', 'Quoted price', 'Amount'], rows, money(quote.total ?? 0));
}

/** The plain-text twin of `quoteLinesTable`. */
export function quoteLinesText(quote: Quote, priced: boolean): string {
  if (!priced) {
    return quote.items
      .map(
        (line) =>
          `- ${line.name}: ${formatCount(line.quantity)} (list price ${money(line.listUnitPrice)})`,
      )
      .join('\n');
  }
  const lines = quote.items.map(
    (line) =>
      `- ${line.name}: ${formatCount(line.quantity)} x ${money(line.unitPrice ?? 0)} = ${money(quotedAmount(line))}`,
  );
  return [...lines, `Total: ${money(quote.total ?? 0)}`].join('\n');
}
