import type { Store } from '../store/store.js';
import { demoCategories, demoReviews, demoTools } from './demo-data.js';

/**
 * Fills an empty shop with the demo catalogue and reviews. Each collection is seeded only when it
 * is empty, so restarting (or an admin's own data) is never overwritten or duplicated.
 * Lists are newest first, so the demo lists are inserted in reverse to show in their own order.
 */
export async function seedDemoData(store: Store): Promise<{ tools: number; reviews: number }> {
  // Before the tools, which refer to them; an existing category is left as it is.
  for (const category of demoCategories) await store.categories.create(category);
  const tools =
    (await store.tools.count()) === 0 ? await store.tools.insertMany([...demoTools].reverse()) : 0;
  const reviews =
    (await store.reviews.count()) === 0
      ? await store.reviews.insertMany([...demoReviews].reverse())
      : 0;
  return { tools, reviews };
}
