// The cart feature's public surface, composed by app/ (the shell, the catalogue and purchase
// routes, the cart and checkout routes).
export { AddToCartButton } from './components/add-to-cart-button';
export { CartBadge } from './components/cart-badge';
export { CartMerge } from './components/cart-merge';
export { CartPage, type CartActionLine } from './components/cart-page';
export { CheckoutPage, type CheckoutDefaults } from './components/checkout-page';
