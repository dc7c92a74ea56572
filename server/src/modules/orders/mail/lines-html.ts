import { describeShipments } from '@toolworks/contract/availability';
import { formatCount } from '@toolworks/contract/format';
import type { MailOrder, MailOrderLine } from '../../../domain/mail-order.js';
import { escapeHtml, INK, money, table } from '../../../mail/html.js';

/** "$18.90 per 100" for a line priced per 100 pieces; "$18.90" for one priced per piece. */
const unitPriceText = (line: MailOrderLine) =>
  line.priceBasis && line.priceBasis > 1
    ? `${money(line.unitPrice)} per ${formatCount(line.priceBasis)}`
    : money(line.unitPrice);

/** An order's lines in an email, with its backordered lines' promised dates. */
export function linesTable(order: MailOrder): string {
  const rows = order.items.map((line) => [
    line.name,
    line.sku ?? '',
    formatCount(line.quantity),
    unitPriceText(line),
    money(line.lineTotal),
  ]);
  const lines = table(['Item', 'SKU', 'Qty', 'Unit price', 'Amount'], rows, money(order.price), 2);
  const backorders = backorderNotes(order);
  if (!backorders.length) return lines;
  const items = backorders.map((note) => `<li>${escapeHtml(note)}</li>`).join('');
  return `${lines}<p style="margin:0 0 4px;font-weight:700;color:${INK}">Backordered</p>
<ul style="margin:0 0 16px;padding-left:20px;color:${INK}">${items}</ul>`;
}

/** "Drill (SKU D-1): 300 ship now; 200 backordered, ship from 12 March", per backordered line. */
function backorderNotes(order: MailOrder): string[] {
  const today = order.createdAt.slice(0, 10);
  return order.items.flatMap((line) =>
    line.shipments
      ? [
          `${line.name}${line.sku ? ` (SKU ${line.sku})` : ''}: ${describeShipments(line.shipments, today)}`,
        ]
      : [],
  );
}

/** The plain-text twin of `linesTable`. */
export function linesText(order: MailOrder): string {
  const lines = order.items.map(
    (line) =>
      `- ${line.name}${line.sku ? ` (SKU ${line.sku})` : ''}: ${formatCount(line.quantity)} x ${unitPriceText(line)} = ${money(line.lineTotal)}`,
  );
  const backorders = backorderNotes(order).map((note) => `- ${note}`);
  const notes = backorders.length ? ['', 'Backordered:', ...backorders] : [];
  return [...lines, `Total: ${money(order.price)}`, ...notes].join('\n');
}
