import type { AddCartLinesResult } from '@toolworks/contract/cart';
import { centsToDollars, dollarsToCents } from '@toolworks/contract/fields';
import { formatCount as count } from '@toolworks/contract/format';
import { packNotice, roundUpToAllowed } from '@toolworks/contract/quantities';
import {
  MAX_LIST_LINES,
  MAX_LIST_QUANTITY,
  MAX_LISTS_PER_USER,
  type AddListLineInput,
  type SavedList,
  type SavedListLine,
  type SavedListSummary,
} from '@toolworks/contract/lists';
import { AppError } from '../../lib/app-error.js';
import type {
  Id,
  SavedListLineRecord,
  SavedListRecord,
  SavedListSummaryRecord,
  Store,
  ToolRecord,
  UserRecord,
} from '../../store/store.js';
import type { Config } from '../../config.js';
import type { LinePricing } from '../../domain/order-lines.js';
import { createPricing, priceFor, type PricingStore } from '../pricing/index.js';
import type { createCartService } from '../cart/index.js';

export interface ListsServiceDeps {
  store: Pick<Store, 'savedLists' | 'tools' | 'companies'> & PricingStore;
  config: Pick<Config, 'payments'>;
  now: () => Date;
  /** The cart's own "many lines at once", so a list goes to the cart by the cart's rules. */
  cart: Pick<ReturnType<typeof createCartService>, 'addLines'>;
}

const limits = {
  maxLists: MAX_LISTS_PER_USER,
  maxLines: MAX_LIST_LINES,
  maxQuantity: MAX_LIST_QUANTITY,
};

// Someone else's list answers exactly as a list that does not exist: ids do not leak.
const listNotFound = () => AppError.notFound('List not found');
const nameTaken = (name: string) => AppError.conflict(`You already have a list called "${name}"`);

function toSummaryWire(list: SavedListSummaryRecord, caller: UserRecord): SavedListSummary {
  return {
    _id: list._id,
    name: list.name,
    owned: list.ownerEmail === caller.email.toLowerCase(),
    shared: list.companyId !== undefined,
    ownerEmail: list.ownerEmail,
    lineCount: list.lineCount,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
  };
}

/**
 * Buyers' saved lists: each its owner's, and readable by the members of the owner's company when
 * the owner shares it; priced and checked against today's tools.
 */
export function createListsService({ store, config, now, cart }: ListsServiceDeps) {
  const lists = store.savedLists;
  const prices = createPricing({ store, config });

  async function owned(caller: UserRecord, id: Id): Promise<SavedListRecord> {
    const list = await lists.get(id);
    if (!list || list.ownerEmail !== caller.email.toLowerCase()) throw listNotFound();
    return list;
  }

  /** The caller's company, when they belong to one. */
  const companyOf = async (email: string) =>
    (await store.companies.membershipOf(email.toLowerCase()))?.company._id;

  /**
   * The owner's list, or one shared with the caller's company by someone still in it: membership
   * is read now, so leaving or being removed from the company ends the access at once.
   */
  async function readable(caller: UserRecord, id: Id): Promise<SavedListRecord> {
    const list = await lists.get(id);
    if (!list) throw listNotFound();
    if (list.ownerEmail === caller.email.toLowerCase()) return list;
    if (list.companyId === undefined) throw listNotFound();
    const [mine, owners] = await Promise.all([companyOf(caller.email), companyOf(list.ownerEmail)]);
    if (mine !== list.companyId || owners !== list.companyId) throw listNotFound();
    return list;
  }

  function toLineWire(
    line: SavedListLineRecord,
    tool: ToolRecord | null,
    pricing: LinePricing,
  ): SavedListLine {
    if (!tool) {
      return {
        toolId: line.toolId,
        name: line.name,
        quantity: line.quantity,
        status: 'unavailable',
        unitPrice: null,
        lineTotal: null,
        availableQuantity: 0,
        MinimumOrderQuantity: null,
      };
    }
    // The reader's own price: a company member's contract list, else the tool's volume price.
    const decision = priceFor(tool, line.quantity, pricing, now());
    const minimum = decision.minimumOrderQuantity;
    const soldOut = tool.availableQuantity === 0 || tool.availableQuantity < minimum;
    return {
      toolId: line.toolId,
      name: tool.name,
      quantity: line.quantity,
      status: soldOut ? 'sold_out' : 'available',
      unitPrice: centsToDollars(decision.unitPriceCents),
      lineTotal: centsToDollars(decision.lineTotalCents),
      availableQuantity: tool.availableQuantity,
      MinimumOrderQuantity: minimum,
    };
  }

  /** The list's lines up to the caller's whole packs and multiples, each with its note. */
  async function roundedToSteps(caller: UserRecord, lines: readonly SavedListLineRecord[]) {
    const tools = new Map<Id, ToolRecord | null>();
    for (const line of lines) tools.set(line.toolId, await store.tools.get(line.toolId));
    const found = [...tools.values()].filter((tool) => tool !== null);
    const pricing = await prices.pricingFor(
      caller,
      found.map((tool) => tool.sku),
    );
    return lines.map(({ toolId, quantity }) => {
      const tool = tools.get(toolId);
      if (!tool) return { toolId, quantity, requested: quantity, rounded: null };
      const decision = priceFor(tool, quantity, pricing, now());
      const up = roundUpToAllowed(quantity, decision.quantityStep, decision.leastQuantity);
      const why = packNotice(tool.packSize, decision.orderMultiple);
      return {
        toolId,
        quantity: up,
        requested: quantity,
        rounded:
          up === quantity ? null : `${why ?? ''}: ${count(quantity)} rounded up to ${count(up)}`,
      };
    });
  }

  async function toListWire(list: SavedListRecord, caller: UserRecord): Promise<SavedList> {
    const tools = [];
    for (const line of list.lines) tools.push(await store.tools.get(line.toolId));
    const pricing = await prices.pricingFor(
      caller,
      tools.flatMap((tool) => (tool ? [tool.sku] : [])),
    );
    const lines: SavedListLine[] = [];
    for (const [i, line] of list.lines.entries())
      lines.push(toLineWire(line, tools[i] ?? null, pricing));
    const totalCents = lines
      .filter((line) => line.status === 'available')
      .reduce((sum, line) => sum + dollarsToCents(line.lineTotal ?? 0), 0);
    return {
      ...toSummaryWire({ ...list, lineCount: list.lines.length }, caller),
      lines,
      total: centsToDollars(totalCents),
    };
  }

  const read = async (caller: UserRecord, id: Id) => toListWire(await readable(caller, id), caller);

  return {
    /** The caller's own lists, then those colleagues share with the caller's company. */
    async list(caller: UserRecord): Promise<SavedListSummary[]> {
      const own = await lists.listByOwner(caller.email);
      const companyId = await companyOf(caller.email);
      if (!companyId) return own.map((list) => toSummaryWire(list, caller));
      const [shared, members] = await Promise.all([
        lists.listSharedWith(companyId, caller.email),
        store.companies.members(companyId),
      ]);
      // A list stays shared only while its owner is still in the company.
      const inCompany = new Set(members.map((m) => m.email.toLowerCase()));
      return [...own, ...shared.filter((list) => inCompany.has(list.ownerEmail))].map((list) =>
        toSummaryWire(list, caller),
      );
    },
    async share(caller: UserRecord, id: Id, shared: boolean): Promise<SavedList> {
      await owned(caller, id);
      const companyId = shared ? await companyOf(caller.email) : null;
      if (companyId === undefined) {
        throw AppError.conflict('Only members of a company can share a list: join one first');
      }
      if (!(await lists.setSharing(id, caller.email, companyId, now().toISOString())))
        throw listNotFound();
      return read(caller, id);
    },
    async create(caller: UserRecord, name: string): Promise<SavedList> {
      const created = await lists.create(
        { ownerEmail: caller.email, name, now: now().toISOString() },
        limits,
      );
      if (created === 'NAME_TAKEN') throw nameTaken(name);
      if (created === 'TOO_MANY_LISTS') {
        throw AppError.conflict(
          `You can keep up to ${MAX_LISTS_PER_USER} lists: delete one to make another`,
        );
      }
      return toListWire(created, caller);
    },
    get: read,
    async rename(caller: UserRecord, id: Id, name: string): Promise<SavedList> {
      const renamed = await lists.rename(id, caller.email, name, now().toISOString());
      if (renamed === 'NAME_TAKEN') throw nameTaken(name);
      if (!renamed) throw listNotFound();
      return read(caller, id);
    },
    async remove(caller: UserRecord, id: Id): Promise<void> {
      if (!(await lists.delete(id, caller.email))) throw listNotFound();
    },
    async addLine(
      caller: UserRecord,
      id: Id,
      line: Required<AddListLineInput>,
    ): Promise<SavedList> {
      await owned(caller, id);
      const tool = await store.tools.get(line.toolId);
      if (!tool) throw AppError.notFound('Tool not found');
      const added = await lists.addLine(
        id,
        caller.email,
        { toolId: tool._id, name: tool.name, quantity: line.quantity },
        now().toISOString(),
        limits,
      );
      if (added === 'TOO_MANY_LINES') {
        throw AppError.conflict(`A list holds up to ${MAX_LIST_LINES} tools`);
      }
      if (added === 'TOO_MUCH') {
        throw AppError.badRequest('A line on a list can hold up to 1,000,000 of a tool');
      }
      if (!added) throw listNotFound();
      return read(caller, id);
    },
    async setLine(caller: UserRecord, id: Id, toolId: Id, quantity: number): Promise<SavedList> {
      await owned(caller, id);
      if (!(await lists.setLine(id, caller.email, toolId, quantity, now().toISOString()))) {
        throw AppError.notFound('This tool is not on the list');
      }
      return read(caller, id);
    },
    async removeLine(caller: UserRecord, id: Id, toolId: Id): Promise<SavedList> {
      await owned(caller, id);
      if (!(await lists.removeLine(id, caller.email, toolId, now().toISOString()))) {
        throw AppError.notFound('This tool is not on the list');
      }
      return read(caller, id);
    },
    /**
     * Every line to the caller's cart, by the cart's rules (today's prices, raised to a tool's
     * minimum or lowered to its stock, refused when sold out or gone), answered line by line.
     * A line off the tool's packs or multiples is first rounded up, with a note, as quick order
     * does: a list kept for months (or shared by a colleague) outlives a pack size, and one such
     * line should not refuse the whole list, as `POST /cart/lines` refuses a typed quantity.
     */
    async toCart(caller: UserRecord, id: Id): Promise<AddCartLinesResult> {
      const list = await readable(caller, id);
      if (list.lines.length === 0) throw AppError.badRequest('This list is empty');
      const lines = await roundedToSteps(caller, list.lines);
      const result = await cart.addLines(caller, {
        lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
      });
      // A tool deleted since has no name now: the report uses the one the list kept.
      const names = new Map(list.lines.map((line) => [line.toolId, line.name]));
      const notes = new Map(lines.map((line) => [line.toolId, line]));
      return {
        ...result,
        lines: result.lines.map((line) => {
          const note = notes.get(line.toolId);
          const named = { ...line, name: line.name ?? names.get(line.toolId) ?? 'A tool' };
          if (!note?.rounded) return named;
          const rounded = { ...named, requested: note.requested };
          return line.status === 'added'
            ? { ...rounded, status: 'adjusted' as const, message: note.rounded }
            : rounded;
        }),
      };
    },
  };
}
