import { CataloguePage } from '@/features/catalogue/components/catalogue-page';

export function Component() {
  return <CataloguePage />;
}
