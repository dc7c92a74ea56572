import type { CartLine } from '@toolworks/contract/cart';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { QuantityControl } from '@/components/ui/quantity-control';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { quantityProblem, toQuantity } from '@/lib/quantity';
import { lineTool, lineTotal, unitPriceAt, useCartActions } from '../use-cart';

// Typing "250" should save once, not three times; a click on + or − saves after the same pause.
const SAVE_DELAY_MS = 400;

interface CartLineRowProps {
  line: CartLine;
  /** Told whether the typed quantity is within the rules, so checkout waits for a fix. */
  onValidity: (toolId: string, valid: boolean) => void;
  /**
   * Told the typed quantity, saved or not: above the stock it is not saved, and that is just
   * what a quote request is for.
   */
  onTyped?: (toolId: string, quantity: number) => void;
}

export function CartLineRow({ line, onValidity, onTyped }: CartLineRowProps) {
  const [text, setText] = useState(String(line.quantity));
  const { setLine, removeLine } = useCartActions();
  const quantity = toQuantity(text);
  const problem = quantityProblem(quantity, line.MinimumOrderQuantity, line.availableQuantity);
  // A visitor's line follows the volume prices as the quantity is typed.
  const unitPrice = problem ? line.unitPrice : unitPriceAt(line, quantity);

  useEffect(() => onValidity(line.toolId, !problem), [line.toolId, problem, onValidity]);
  useEffect(() => () => onValidity(line.toolId, true), [line.toolId, onValidity]);
  useEffect(() => onTyped?.(line.toolId, quantity), [line.toolId, quantity, onTyped]);

  // The server's answer (or another tab) may change the line under us.
  useEffect(() => setText(String(line.quantity)), [line.quantity]);

  useEffect(() => {
    if (problem || quantity === line.quantity) return;
    const timer = window.setTimeout(
      () => setLine.mutate({ tool: lineTool(line), quantity }),
      SAVE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
    // setLine is a new object each render; the save depends on the values only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quantity, problem, line]);

  return (
    <li className="cart-line">
      <div className="cart-line-head">
        <h2 className="cart-line-name">
          <Link to={paths.purchase(line.toolId)}>{line.name}</Link>
        </h2>
        <p className="muted">
          {formatPrice(unitPrice)} each · minimum {line.MinimumOrderQuantity}, in stock{' '}
          {line.availableQuantity}
        </p>
      </div>
      <QuantityControl
        value={text}
        onChange={setText}
        minimum={line.MinimumOrderQuantity}
        problem={problem ?? (setLine.isError ? setLine.error.message : null)}
        itemName={line.name}
      />
      <p className="cart-line-total">
        <span className="muted">Line total</span>{' '}
        <strong>{formatPrice(problem ? line.lineTotal : lineTotal(quantity, unitPrice))}</strong>
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-sm cart-line-remove"
        disabled={removeLine.isPending}
        onClick={() => removeLine.mutate(line.toolId)}
        aria-label={`Remove ${line.name} from cart`}
      >
        Remove
      </button>
      {removeLine.isError ? (
        <p role="alert" className="field-error">
          {removeLine.error.message}
        </p>
      ) : null}
    </li>
  );
}
