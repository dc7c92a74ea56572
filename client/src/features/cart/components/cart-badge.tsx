import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCart } from '../use-cart';
import './cart-badge.css';

/** The navbar's way to the cart: the number of lines, named in full for screen readers. */
export function CartBadge({ onNavigate }: { onNavigate?: () => void }) {
  const cart = useCart();
  const { pathname } = useLocation();
  const count = cart.lines.length;
  const name = `Cart, ${count === 1 ? '1 item' : `${count} items`}`;
  return (
    <Link
      to={paths.cart}
      className="cart-badge"
      aria-current={pathname === paths.cart ? 'page' : undefined}
      aria-label={name}
      onClick={onNavigate}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.4l3 11.6a1 1 0 0 0 1 .8h8.2a1 1 0 0 0 1-.7L21 6H6.6L6 3.6A2 2 0 0 0 4 2H3Z"
        />
      </svg>
      {/* The visible "Cart 3" reads as the start of the name (label-in-name ignores commas). */}
      <span className="cart-badge-label">Cart</span>{' '}
      <span className="cart-badge-count">{count}</span>
    </Link>
  );
}
