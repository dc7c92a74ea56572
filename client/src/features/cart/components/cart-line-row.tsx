import type { CartLine } from '@toolworks/contract/cart';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { QuantityControl } from '@/components/ui/quantity-control';
import { paths } from '@/config/paths';
import { availabilityText, backorderSplit, orderableQuantity } from '@/lib/availability';
import { formatCount, formatPrice, formatPriceFor } from '@/lib/format';
import { quantityProblem, quantityRules, toQuantity } from '@/lib/quantity';
import { packNotice } from '@toolworks/contract/quantities';
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
  /** Told the line total shown, so the summary adds up what the lines show while saving. */
  onShownTotal: (toolId: string, total: number | null) => void;
  /**
   * Given the way to save a typed quantity now (null once nothing waits), so Checkout can save
   * it before leaving instead of losing it to the pause below.
   */
  onPendingSave: (toolId: string, save: (() => Promise<unknown>) | null) => void;
}

export function CartLineRow({
  line,
  onValidity,
  onTyped,
  onShownTotal,
  onPendingSave,
}: CartLineRowProps) {
  const [text, setText] = useState(String(line.quantity));
  const { setLine, removeLine } = useCartActions();
  const quantity = toQuantity(text);
  // Packs and order multiples: the least quantity and the step the line moves in.
  const rules = quantityRules(line);
  const problem = quantityProblem(quantity, rules.minimum, orderableQuantity(line), rules);
  const notice = packNotice(rules.packSize, line.orderMultiple);
  const split = problem ? null : backorderSplit(line, quantity);
  const promise = availabilityText(line);
  // A visitor's line follows the volume prices as the quantity is typed.
  const unitPrice = problem ? line.unitPrice : unitPriceAt(line, quantity);

  useEffect(() => onValidity(line.toolId, !problem), [line.toolId, problem, onValidity]);
  useEffect(() => () => onValidity(line.toolId, true), [line.toolId, onValidity]);
  useEffect(() => onTyped?.(line.toolId, quantity), [line.toolId, quantity, onTyped]);

  // The server's answer (or another tab) may change the line under us. Adjusted while rendering,
  // not in an effect: an effect also runs after the first render, and a quantity typed before it
  // ran (a busy machine, a quick hand) was put back to the saved one, so "30" became "1030".
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setText(String(line.quantity));
  }

  const shownTotal = problem ? line.lineTotal : lineTotal(quantity, unitPrice, line.priceBasis);
  useEffect(() => onShownTotal(line.toolId, shownTotal), [line.toolId, shownTotal, onShownTotal]);
  useEffect(() => () => onShownTotal(line.toolId, null), [line.toolId, onShownTotal]);

  // What waits to be saved, read by the timer, by Checkout and on leaving the page.
  const pending = problem || quantity === line.quantity ? null : quantity;
  const latest = useRef({ pending, line, setLine });
  latest.current = { pending, line, setLine };
  // A removed line is not saved back by its last typed quantity.
  const removing = useRef(false);
  const saveNow = useRef(() => {
    const { pending: typed, line: saved, setLine: save } = latest.current;
    if (typed === null || removing.current) return Promise.resolve();
    return save.mutateAsync({ tool: lineTool(saved), quantity: typed });
  }).current;

  useEffect(() => {
    if (pending === null) return;
    onPendingSave(line.toolId, saveNow);
    const timer = window.setTimeout(() => void saveNow().catch(() => undefined), SAVE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      onPendingSave(line.toolId, null);
    };
  }, [pending, line, saveNow, onPendingSave]);

  // Leaving the cart (the header's Login, a link) before the pause ends still saves the quantity.
  useEffect(() => () => void saveNow().catch(() => undefined), [saveNow]);

  return (
    <li className="cart-line">
      <div className="cart-line-head">
        <h2 className="cart-line-name">
          <Link to={paths.purchase(line.toolId)}>{line.name}</Link>
        </h2>
        {line.sku ? <p className="cart-line-sku muted">SKU: {line.sku}</p> : null}
        <p className="muted">
          {line.packSize || line.priceBasis
            ? formatPriceFor(unitPrice, line)
            : `${formatPrice(unitPrice)} each`}{' '}
          · minimum {formatCount(rules.minimum)}, in stock {formatCount(line.availableQuantity)}
        </p>
        {notice ? <p className="cart-line-pack">{notice}</p> : null}
        {promise ? <p className="muted cart-line-promise">{promise}</p> : null}
      </div>
      <QuantityControl
        value={text}
        onChange={setText}
        minimum={rules.minimum}
        step={rules.step}
        problem={problem ?? (setLine.isError ? setLine.error.message : null)}
        itemName={line.name}
      />
      {split ? <p className="cart-line-shipping">{split}</p> : null}
      <p className="cart-line-total">
        <span className="muted">Line total</span> <strong>{formatPrice(shownTotal)}</strong>
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-sm cart-line-remove"
        disabled={removeLine.isPending}
        onClick={() => {
          removing.current = true;
          removeLine.mutate(line.toolId, { onError: () => (removing.current = false) });
        }}
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
