import {
  minimumMultipleMessage,
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
import {
  BatchPromisedError,
  DuplicateSkuError,
  type Id,
  type Store,
  type ToolInput,
  type ToolRecord,
} from '../../store/store.js';
import {
  batchDateProblems,
  batchPromisedMessage,
  dayOf,
  type IncomingBatchInput,
} from '@toolworks/contract/availability';
import { toToolWire } from '../tools/index.js';
import type { ImageStorage } from '../../images/index.js';
import type { Logger } from '../../lib/logger.js';

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
    ...(input.leadTimeDays !== undefined && { leadTimeDays: input.leadTimeDays }),
    ...(input.allowBackorders !== undefined && { allowBackorders: input.allowBackorders }),
    ...(input.incomingStock !== undefined && { incomingStock: input.incomingStock }),
    ...(input.unit !== undefined && { unit: input.unit }),
    ...(input.packSize !== undefined && { packSize: input.packSize }),
    ...(input.orderMultiple !== undefined && { orderMultiple: input.orderMultiple }),
    ...(input.priceBasis !== undefined && { priceBasis: input.priceBasis }),
    ...(input.taxClass !== undefined && { taxClass: input.taxClass }),
  };
}

/** An edit that keeps the stored order multiple: the new minimum must still be a multiple of it. */
function keptMultipleMustFit(current: ToolRecord, input: ToolInput): void {
  const multiple = input.orderMultiple ?? current.orderMultiple;
  if (input.minimumOrderQuantity % multiple === 0) return;
  const message = minimumMultipleMessage(multiple);
  throw AppError.badRequest(message, [{ path: 'MinimumOrderQuantity', message }]);
}

/** A batch promised to orders cannot be removed or shrunk below that: 409, said on its field. */
export async function batchesKept<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (!(err instanceof BatchPromisedError)) throw err;
    const message = batchPromisedMessage(err.expectedDate, err.promised);
    throw new AppError('CONFLICT', message, 409, [{ path: 'incomingStock', message }]);
  }
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

/** A batch dated in the past (unless stored so) or beyond the horizon: 400 on its date. */
function checkBatchDates(
  batches: readonly IncomingBatchInput[] | undefined,
  stored: readonly { expectedDate: string }[],
  today: string,
): void {
  const problems = batchDateProblems(
    batches,
    stored.map((b) => b.expectedDate),
    today,
  ).map(({ index, message }) => ({ path: `incomingStock.${index}.expectedDate`, message }));
  const first = problems[0];
  if (first) throw AppError.badRequest(first.message, problems);
}

/** Catalogue writes for admins. Orders of a deleted tool stay: they carry the tool's name. */
export function createAdminToolsService(
  store: Pick<Store, 'tools' | 'categories'>,
  now: () => Date,
  photos: { images: ImageStorage; logger: Logger },
) {
  // No foreign key in SQLite (see migration 004): the slug is checked here.
  const checkCategory = async (slug: string | undefined) => {
    if (slug !== undefined && !(await store.categories.get(slug)))
      throw AppError.badRequest('Unknown category', [
        { path: 'category', message: 'Choose one of the categories' },
      ]);
  };
  /** An update without tiers keeps the stored ones: they must still fit the new price. */
  const keptTiersMustFit = (current: ToolRecord, input: ToolInput) => {
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
      checkBatchDates(input.incomingStock, [], dayOf(now()));
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
      if (!toolInput.priceTiers || toolInput.incomingStock || !toolInput.orderMultiple) {
        const current = await store.tools.get(id);
        if (!current) throw AppError.notFound('Tool not found');
        if (!toolInput.priceTiers) keptTiersMustFit(current, toolInput);
        keptMultipleMustFit(current, toolInput);
        checkBatchDates(input.incomingStock, current.incomingStock, dayOf(now()));
      }
      const updated = await batchesKept(skuFree(store.tools.update(id, toolInput, guard)));
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
      const deleted = await store.tools.delete(id);
      if (!deleted) return { deletedCount: 0 };
      // The row is gone first: a file left behind by a storage failure is only waste, never a
      // tool whose photos are missing. So the failure is logged, and the delete still stands.
      const keys = deleted.images.flatMap((image) => image.variants.map((v) => v.key));
      if (keys.length) {
        try {
          await photos.images.delete(keys);
        } catch (err) {
          photos.logger.error({ err, toolId: id, keys }, 'deleted tool: photo files not removed');
        }
      }
      return { deletedCount: 1 };
    },
  };
}
