import { ToolsSection } from '@/features/catalogue/components/tools-section';
import { HeroCarousel } from '@/features/marketing/components/hero-carousel';
import { Statistics } from '@/features/marketing/components/statistics';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { CartOnCards } from '../cart-on-cards';

export function Component() {
  return (
    <>
      <title>Toolworks: professional tools, direct from the manufacturer</title>
      {/* The carousel is the visual headline; the page's h1 is for outlines and screen readers. */}
      <h1 className="visually-hidden">
        Toolworks: professional tools, direct from the manufacturer
      </h1>
      <HeroCarousel />
      <CartOnCards>
        <ToolsSection />
      </CartOnCards>
      <Statistics />
      <ReviewsSection />
    </>
  );
}
