import { useAddCartLines } from '@/features/cart/use-add-lines';
import { QuickOrderPage } from '@/features/quick-order/components/quick-order-page';

// Open to visitors: their lines go to the browser's cart, as Add to cart does.
export function Component() {
  const addLines = useAddCartLines();
  return <QuickOrderPage onAdd={addLines} />;
}
