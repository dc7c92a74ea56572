import { useCallback, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { orderableQuantity } from '@/lib/availability';
import { quantityProblem } from '@/lib/quantity';
import { useCart } from '../use-cart';
import { CartLineRow } from './cart-line-row';
import { OrderAgainNotice } from './order-again-notice';
import './cart.css';

/** A cart line as another feature's action needs it (the quote request), given by app/. */
export interface CartActionLine {
  toolId: string;
  name: string;
  quantity: number;
}

interface CartPageProps {
  /** More actions under Checkout for a signed-in buyer's lines (Request a quote). */
  renderExtra?: (lines: CartActionLine[]) => ReactNode;
}

export function CartPage({ renderExtra }: CartPageProps = {}) {
  const cart = useCart();
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const onValidity = useCallback((toolId: string, valid: boolean) => {
    setInvalid((current) => {
      if (valid !== current.has(toolId)) return current;
      const next = new Set(current);
      if (valid) next.delete(toolId);
      else next.add(toolId);
      return next;
    });
  }, []);
  // The line totals as the rows show them, typed quantities included, for the summary's total.
  const [shown, setShown] = useState<ReadonlyMap<string, number>>(new Map());
  const onShownTotal = useCallback((toolId: string, total: number | null) => {
    setShown((current) => {
      if (total === null ? !current.has(toolId) : current.get(toolId) === total) return current;
      const next = new Map(current);
      if (total === null) next.delete(toolId);
      else next.set(toolId, total);
      return next;
    });
  }, []);
  const pendingSaves = useRef(new Map<string, () => Promise<unknown>>());
  const onPendingSave = useCallback((toolId: string, save: (() => Promise<unknown>) | null) => {
    if (save) pendingSaves.current.set(toolId, save);
    else pendingSaves.current.delete(toolId);
  }, []);
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // A quantity typed a moment ago is saved first, so checkout gets what the buyer sees.
  const checkout = (event: MouseEvent<HTMLAnchorElement>) => {
    if (pendingSaves.current.size === 0) return;
    event.preventDefault();
    setSaving(true);
    setSaveError(null);
    Promise.all([...pendingSaves.current.values()].map((save) => save())).then(
      () => void navigate(paths.checkout),
      (error: unknown) => {
        setSaving(false);
        setSaveError(error instanceof Error ? error.message : 'Your cart could not be saved');
      },
    );
  };
  const total =
    cart.lines.reduce(
      (cents, line) => cents + Math.round((shown.get(line.toolId) ?? line.lineTotal) * 100),
      0,
    ) / 100;

  // What the buyer typed in each line, for the quote request (it may be above the stock).
  const [typed, setTyped] = useState<ReadonlyMap<string, number>>(new Map());
  const onTyped = useCallback((toolId: string, quantity: number) => {
    setTyped((current) => {
      if (!Number.isInteger(quantity) || quantity < 1 || current.get(toolId) === quantity)
        return current;
      return new Map(current).set(toolId, quantity);
    });
  }, []);
  // A saved line out of range (stock sold since) or a typed quantity out of range both block.
  const blocked =
    invalid.size > 0 ||
    cart.lines.some((line) =>
      quantityProblem(line.quantity, line.MinimumOrderQuantity, orderableQuantity(line)),
    );

  return (
    <section className="container section cart-page" aria-labelledby="cart-title">
      <title>Cart · Toolworks</title>
      <h1 id="cart-title">Your cart</h1>
      <OrderAgainNotice />
      {cart.state === 'loading' ? (
        <p role="status" className="muted">
          Loading your cart…
        </p>
      ) : cart.state === 'error' ? (
        <ErrorState
          title="We couldn't load your cart."
          message={cart.error?.message}
          onRetry={cart.refetch}
        />
      ) : cart.lines.length === 0 ? (
        <div className="alert alert-info">
          <p className="alert-title">Your cart is empty.</p>
          <p>Add tools from the catalogue, then check out once for all of them.</p>
          <Link className="btn btn-dark btn-sm" to={`${paths.home}#tools`}>
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines card" aria-label="Cart lines">
            {cart.lines.map((line) => (
              <CartLineRow
                key={line.toolId}
                line={line}
                onValidity={onValidity}
                onTyped={onTyped}
                onShownTotal={onShownTotal}
                onPendingSave={onPendingSave}
              />
            ))}
          </ul>
          <aside className="card cart-summary" aria-labelledby="cart-summary-title">
            <div className="card-body">
              <h2 id="cart-summary-title" className="cart-summary-title">
                Summary
              </h2>
              <p className="cart-total">
                Total <output aria-live="polite">{formatPrice(total)}</output>
              </p>
              {!cart.signedIn ? (
                <p className="muted">Sign in at checkout: your cart comes with you.</p>
              ) : null}
              {blocked ? (
                <p className="field-error">Fix the quantities above to check out.</p>
              ) : null}
              {saveError ? (
                <p role="alert" className="field-error">
                  {saveError}
                </p>
              ) : null}
              {blocked || saving ? (
                <button type="button" className="btn btn-primary btn-block" disabled>
                  {saving ? 'Saving your cart…' : 'Checkout'}
                </button>
              ) : (
                <Link className="btn btn-primary btn-block" to={paths.checkout} onClick={checkout}>
                  Checkout
                </Link>
              )}
              {cart.signedIn && renderExtra
                ? renderExtra(
                    cart.lines.map(({ toolId, name, quantity }) => ({
                      toolId,
                      name,
                      quantity: typed.get(toolId) ?? quantity,
                    })),
                  )
                : null}
            </div>
          </aside>
        </div>
      )}
    </section>
  );
}
