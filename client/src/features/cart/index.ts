// The cart feature's public surface, composed by app/ (the shell, the catalogue and purchase
// routes). The shell is in the entry chunk, and so is every module this file imports: the cart
// and checkout pages (with the form library) are imported by their lazy routes directly.
export { AddToCartButton } from './components/add-to-cart-button';
export { CartBadge } from './components/cart-badge';
export { CartMerge } from './components/cart-merge';
