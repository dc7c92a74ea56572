import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { orderableQuantity } from '@/lib/availability';
import { quantityProblem, quantityRules } from '@/lib/quantity';
import { useCartActions, type CartTool } from '../use-cart';
import './add-to-cart.css';

interface AddToCartButtonProps {
  tool: CartTool;
  /** The quantity chosen on the purchase page; a tool card adds the tool's minimum. */
  quantity?: number;
  className?: string;
}

/**
 * Puts the tool in the cart with the purchase page's rules: at least the tool's minimum, at
 * most its stock. The result is announced next to the button, with a way on to the cart.
 */
export function AddToCartButton({ tool, quantity, className }: AddToCartButtonProps) {
  // A company's price list may set its own minimum for the tool; a card adds the least whole
  // packs and multiples from there.
  const rules = quantityRules(tool);
  const amount = quantity ?? rules.minimum;
  const problem = quantityProblem(amount, rules.minimum, orderableQuantity(tool), rules);
  const { setLine } = useCartActions();
  const [added, setAdded] = useState<number | null>(null);

  const add = () => {
    setAdded(null);
    setLine.mutate({ tool, quantity: amount }, { onSuccess: () => setAdded(amount) });
  };

  return (
    <div className="add-to-cart">
      <button
        type="button"
        className={className ?? 'btn btn-secondary btn-block'}
        disabled={Boolean(problem) || setLine.isPending}
        onClick={add}
        // The visible words start the name (label-in-name); the tool tells the cards apart.
        aria-label={`Add to cart: ${tool.name}`}
      >
        {setLine.isPending ? 'Adding…' : 'Add to cart'}
      </button>
      <div role="status" className="add-to-cart-status">
        {added !== null ? (
          <p>
            {formatCount(added)} in your cart. <Link to={paths.cart}>View cart</Link>
          </p>
        ) : null}
      </div>
      {/* An error (e.g. stock sold in the meantime) is said at once, in the server's words. */}
      <div role="alert" className="add-to-cart-status">
        {setLine.isError ? <p className="field-error">{setLine.error.message}</p> : null}
      </div>
    </div>
  );
}
