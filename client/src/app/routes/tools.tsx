import { CataloguePage } from '@/features/catalogue/components/catalogue-page';
import { CartOnCards } from '../cart-on-cards';

export function Component() {
  return (
    <CartOnCards>
      <CataloguePage />
    </CartOnCards>
  );
}
