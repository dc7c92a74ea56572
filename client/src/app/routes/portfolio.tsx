import { PortfolioPage } from '@/features/portfolio/components/portfolio-page';

export function Component() {
  return <PortfolioPage />;
}
