import {
  stockChangedMessage,
  type CreateToolInput,
  type DeleteToolResponse,
  type UpdateToolInput,
} from '@toolworks/contract/admin-tools';
import { dollarsToCents } from '@toolworks/contract/fields';
import { tierProblems, tiersToCents } from '@toolworks/contract/pricing';
import type { Tool } from '@toolworks/contract/tools';
import { duplicateSkuMessage } from '@toolworks/contract/sku';
import { AppError } from '../../lib/app-error.js';
import { DuplicateSkuError, type Id, type Store, type ToolInput } from '../../store/store.js';
import { toToolWire } from '../tools/index.js';

/** The wire's dollars and `MinimumOrderQuantity` to the store's cents and camelCase. */
function toToolInput(input: CreateToolInput | UpdateToolInput): ToolInput {
  return {
    name: input.name,
    img: input.img,
    // The contract allows at most two decimals, so this is exact (19.99 -> 1999).
    priceCents: dollarsToCents(input.price),
    description: input.description,
    availableQuantity: input.availableQuantity,
    minimumOrderQuantity: input.MinimumOrderQuantity,
    ...(input.sku !== undefined ? { sku: input.sku } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.specs !== undefined ? { specs: input.specs } : {}),
    ...(input.datasheetUrl !== undefined ? { datasheetUrl: input.datasheetUrl } : {}),
    ...(input.priceTiers && { priceTiers: tiersToCents(input.priceTiers) }),
  };
}

/** A SKU another tool holds (any case): 409, said on the SKU field. */
async function skuFree<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (!(err instanceof DuplicateSkuError)) throw err;
    const message = duplicateSkuMessage(err.sku);
    throw new AppError('CONFLICT', message, 409, [{ path: 'sku', message }]);
  }
}

/** Catalogue writes for admins. Orders of a deleted tool stay: they carry the tool's name. */
export function createAdminToolsService(store: Pick<Store, 'tools' | 'categories'>) {
  // No foreign key in SQLite (see migration 004): the slug is checked here.
  const checkCategory = async (slug: string | undefined) => {
    if (slug !== undefined && !(await store.categories.get(slug)))
      throw AppError.badRequest('Unknown category', [
        { path: 'category', message: 'Choose one of the categories' },
      ]);
  };
  /** An update without tiers keeps the stored ones: they must still fit the new price. */
  const keptTiersMustFit = async (id: Id, input: ToolInput) => {
    const current = await store.tools.get(id);
    if (!current) throw AppError.notFound('Tool not found');
    const problems = tierProblems(
      current.priceTiers,
      input.priceCents,
      input.minimumOrderQuantity,
    ).map((problem) => ({
      path: ['priceTiers', ...problem.path].join('.'),
      message: problem.message,
    }));
    const first = problems[0];
    if (first) throw AppError.badRequest(`Volume prices: ${first.message}`, problems);
  };

  return {
    async create(input: CreateToolInput): Promise<Tool> {
      await checkCategory(input.category);
      return toToolWire(await skuFree(store.tools.create(toToolInput(input))));
    },

    async update(id: Id, input: UpdateToolInput): Promise<Tool> {
      await checkCategory(input.category);
      const { previousAvailableQuantity } = input;
      const guard =
        previousAvailableQuantity === undefined
          ? undefined
          : { ifAvailableQuantity: previousAvailableQuantity };
      const toolInput = toToolInput(input);
      if (!toolInput.priceTiers) await keptTiersMustFit(id, toolInput);
      const updated = await skuFree(store.tools.update(id, toolInput, guard));
      if (!updated) throw AppError.notFound('Tool not found');
      if (updated === 'STOCK_CHANGED') {
        const now = (await store.tools.get(id))?.availableQuantity;
        if (now === undefined) throw AppError.notFound('Tool not found');
        const message = stockChangedMessage(now);
        throw new AppError('CONFLICT', message, 409, [
          { path: 'availableQuantity', message, availableQuantity: now },
        ]);
      }
      return toToolWire(updated);
    },

    /** The spec's client removes the tool from its grid when `deletedCount` is above 0. */
    async remove(id: Id): Promise<DeleteToolResponse> {
      return { deletedCount: (await store.tools.delete(id)) ? 1 : 0 };
    },
  };
}
