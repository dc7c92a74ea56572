import PDFDocument from 'pdfkit';
import { formatCount } from '@toolworks/contract/format';
import { formatDate } from '../../mail/html.js';
import type { OrderRecord, ShipmentRecord } from '../../store/store.js';
import { orderNumber } from '../orders/index.js';

const INK = '#0f1b2b';
const MUTED = '#4a5a6e';
const LEFT = 50;

/**
 * A shipment's packing slip (issue 53): who it goes to, and its lines with SKU and quantity. A
 * plain PDF (no prices, no e-invoice): it travels in the parcel.
 */
export function renderPackingSlipPdf(
  order: OrderRecord,
  shipment: ShipmentRecord,
  seller: { name: string; address: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Packing slip ${orderNumber(order.number)}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const index = (order.shipments ?? []).findIndex((s) => s._id === shipment._id) + 1;
  const count = order.shipments?.length ?? 1;

  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(seller.name, LEFT, 45);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(seller.address, LEFT, doc.y + 2);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('PACKING SLIP', 300, 45, {
    width: 245,
    align: 'right',
  });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Order ${orderNumber(order.number)}`, 300, 70, { width: 245, align: 'right' });
  doc.text(`Shipment ${index} of ${count}`, 300, doc.y + 1, { width: 245, align: 'right' });
  doc.text(`Shipped ${formatDate(shipment.shippedAt)}`, 300, doc.y + 1, {
    width: 245,
    align: 'right',
  });
  if (shipment.carrier || shipment.trackingNumber)
    doc.text(
      [shipment.carrier, shipment.trackingNumber].filter(Boolean).join(' · '),
      300,
      doc.y + 1,
      { width: 245, align: 'right' },
    );
  if (order.poReference)
    doc.text(`PO ${order.poReference}`, 300, doc.y + 1, { width: 245, align: 'right' });

  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Ship to', LEFT, 140);
  doc.font('Helvetica').text(order.userName || order.userEmail, LEFT, doc.y + 2);
  doc.text(order.userAddress, LEFT, doc.y + 1, { width: 260 });
  doc.text(order.userPhone, LEFT, doc.y + 1);

  let y = Math.max(doc.y + 30, 230);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK);
  doc
    .text('Item', LEFT, y)
    .text('SKU', 330, y)
    .text('Quantity', 445, y, { width: 100, align: 'right' });
  y += 16;
  doc.moveTo(LEFT, y).lineTo(545, y).strokeColor(MUTED).stroke();
  doc.font('Helvetica').fontSize(10);
  for (const line of shipment.lines) {
    const item = order.items.find((i) => i.toolId === line.toolId);
    y += 8;
    doc.fillColor(INK).text(item?.name ?? line.toolId, LEFT, y, { width: 270 });
    const next = doc.y;
    doc.text(item?.sku ?? '', 330, y, { width: 110 });
    doc.text(formatCount(line.quantity), 445, y, { width: 100, align: 'right' });
    y = Math.max(next, doc.y);
  }
  y += 20;
  const total = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.font('Helvetica-Bold').text(`${formatCount(total)} units in this shipment`, LEFT, y);
  doc.end();
  return done;
}
