import type { Tool } from '@toolworks/contract/tools';
import { ToolCardActionProvider } from '@/features/catalogue/components/tool-card-action';
import { ToolsSection } from '@/features/catalogue/components/tools-section';
import { AddToCartButton } from '@/features/cart';
import { HeroCarousel } from '@/features/marketing/components/hero-carousel';
import { Statistics } from '@/features/marketing/components/statistics';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

// Module-level, so the cards do not re-render for a new function on every render of the page.
const addToCart = (tool: Tool) => <AddToCartButton tool={tool} />;

export function Component() {
  return (
    <>
      <title>Toolworks: professional tools, direct from the manufacturer</title>
      {/* The carousel is the visual headline; the page's h1 is for outlines and screen readers. */}
      <h1 className="visually-hidden">
        Toolworks: professional tools, direct from the manufacturer
      </h1>
      <HeroCarousel />
      <ToolCardActionProvider render={addToCart}>
        <ToolsSection />
      </ToolCardActionProvider>
      <Statistics />
      <ReviewsSection />
    </>
  );
}
