import { multipleMessage, nearestAllowed } from '@toolworks/contract/quantities';
import { AppError } from './app-error.js';

/** A line whose quantity is not a whole number of the buyer's steps (packs, order multiples). */
export interface OffStepLine {
  toolId: string;
  name: string;
  quantity: number;
  minimumOrderQuantity: number;
  quantityStep: number;
  /** Pieces per pack when sold in packs: "Order in packs of 100". */
  packSize?: number;
}

/**
 * 400 QUANTITY_NOT_MULTIPLE: said in words per line; `details.nearest` is the allowed quantity
 * nearest the first line's (the one a single-line request asked for), `details.lines` each line's.
 */
export function quantityNotMultiple(lines: readonly OffStepLine[]): AppError {
  const described = lines.map((line) => {
    const least = Math.max(line.minimumOrderQuantity, line.quantityStep);
    const nearest = nearestAllowed(line.quantity, line.quantityStep, least);
    const words = `${multipleMessage(line.quantityStep, line.packSize)}: ${line.quantity} is not, ${nearest} is`;
    return { ...line, nearest, message: line.name ? `${line.name}: ${words}` : words };
  });
  const first = described[0];
  return new AppError(
    'QUANTITY_NOT_MULTIPLE',
    described.map((line) => line.message).join('; '),
    400,
    {
      nearest: first?.nearest,
      quantityStep: first?.quantityStep,
      lines: described.map(({ toolId, quantity, quantityStep, nearest }) => ({
        toolId,
        quantity,
        quantityStep,
        nearest,
      })),
    },
  );
}
