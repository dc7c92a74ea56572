import { centsToDollars } from '@toolworks/contract/fields';
import type {
  PriceList,
  PriceListImportReport,
  PriceListSummary,
  PricingExplanation,
  SavePriceList,
} from '@toolworks/contract/price-lists';
import { skuKey } from '@toolworks/contract/sku';
import type { Config } from '../../config.js';
import { resolvePrice, type PriceStepCents } from '../../domain/pricing.js';
import { AppError } from '../../lib/app-error.js';
import type { Id, Store, UserRecord } from '../../store/store.js';
import { HeaderError, importLines, linesCsv } from './price-list-csv.js';
import { toPriceListInput, toPriceListSummaryWire, toPriceListWire } from './price-list-wire.js';

export interface PriceListsDeps {
  store: Pick<Store, 'priceLists' | 'tools' | 'companies'>;
  config: Pick<Config, 'payments'>;
  now: () => Date;
}

const notFound = () => AppError.notFound('Price list not found');

/** Price lists (issue 50, admins) and the explanation of a price (admins and buyers). */
export function createPriceListsService({ store, config, now }: PriceListsDeps) {
  const { priceLists } = store;
  // Lists carry ISO 4217 in capitals; CURRENCY is kept in lower case for the card gateways.
  const currency = config.payments.currency.toUpperCase();

  const saved = (result: Awaited<ReturnType<typeof priceLists.update>>): PriceList => {
    if (result === null) throw notFound();
    if (result === 'PARENT_NOT_FOUND')
      throw AppError.badRequest('The parent list does not exist', [
        { path: 'parentId', message: 'The parent list does not exist' },
      ]);
    if (result === 'PARENT_CYCLE')
      throw AppError.conflict(
        'A list cannot derive from itself or from a list derived from it (or chains deeper than 5)',
      );
    return toPriceListWire(result);
  };

  const find = async (id: Id) => {
    const list = await priceLists.get(id);
    if (!list) throw notFound();
    return list;
  };

  const step = (s: PriceStepCents) => ({
    source: s.source,
    listId: s.listId,
    listName: s.listName,
    rule: s.rule,
    price: centsToDollars(s.priceCents),
    applies: s.applies,
  });

  return {
    async list(): Promise<PriceListSummary[]> {
      return (await priceLists.list()).map(toPriceListSummaryWire);
    },
    async get(id: Id): Promise<PriceList> {
      return toPriceListWire(await find(id));
    },
    async create(body: SavePriceList): Promise<PriceList> {
      const input = toPriceListInput(body, currency);
      return saved(await priceLists.create(input, now().toISOString()));
    },
    async update(id: Id, body: SavePriceList): Promise<PriceList> {
      const input = toPriceListInput(body, currency);
      return saved(await priceLists.update(id, input, now().toISOString()));
    },
    async remove(id: Id): Promise<void> {
      if (!(await priceLists.delete(id))) throw notFound();
    },
    async linesCsv(id: Id): Promise<{ name: string; csv: string }> {
      const list = await find(id);
      const own = list.versions.find((version) => version.startsOn === null);
      return { name: list.name, csv: linesCsv(own?.rules ?? []) };
    },
    /** The rows upsert the list's own fixed lines; a dry run, or any refused row, writes nothing. */
    async importLines(id: Id, csv: string, dryRun: boolean): Promise<PriceListImportReport> {
      const list = await find(id);
      const own = list.versions.find((version) => version.startsOn === null);
      const knownSkus = async (skus: string[]) =>
        new Set((await store.tools.getBySkus(skus)).map((tool) => skuKey(tool.sku)));
      let result;
      try {
        result = await importLines(csv, own?.rules ?? [], knownSkus);
      } catch (err) {
        if (err instanceof HeaderError) throw AppError.badRequest(err.message);
        throw err;
      }
      const apply = !dryRun && result.rules !== undefined;
      if (apply) {
        const versions = list.versions.map((version) =>
          version.startsOn === null ? { ...version, rules: result.rules! } : version,
        );
        if (!own) versions.unshift({ startsOn: null, rules: result.rules! });
        saved(
          await priceLists.update(
            id,
            {
              name: list.name,
              currency: list.currency,
              validFrom: list.validFrom,
              validTo: list.validTo,
              parentId: list.parentId,
              versions,
            },
            now().toISOString(),
          ),
        );
      }
      return { dryRun, applied: apply, ...result.report };
    },

    /**
     * How a price comes about: an admin may name any company (none: the tool's own price); anyone
     * else gets their own company's, and may not name another.
     */
    async explain(
      caller: UserRecord,
      query: { sku: string; quantity: number; companyId?: Id; date?: string },
    ): Promise<PricingExplanation> {
      let companyId = query.companyId;
      if (caller.role !== 'admin') {
        const own = (await store.companies.membershipOf(caller.email))?.company._id;
        if (companyId && companyId !== own)
          throw AppError.forbidden('You can see only your own company’s prices');
        companyId = own;
      } else if (companyId && !(await store.companies.get(companyId))) {
        throw AppError.notFound('Company not found');
      }
      const tool = await store.tools.getBySku(query.sku);
      if (!tool) throw AppError.notFound(`No tool has SKU ${query.sku}`);
      const assigned = companyId ? await priceLists.companyPricing(companyId) : null;
      const buyer =
        assigned && assigned.priceListIds.length
          ? {
              policy: assigned.pricePolicy,
              listIds: assigned.priceListIds,
              lists: await priceLists.forPricing(assigned.priceListIds, [tool.sku]),
            }
          : undefined;
      const date = query.date ?? now().toISOString().slice(0, 10);
      const decision = resolvePrice(tool, query.quantity, date, currency, buyer);
      return {
        sku: tool.sku,
        quantity: query.quantity,
        date,
        unitPrice: centsToDollars(decision.unitPriceCents),
        lineTotal: centsToDollars(decision.lineTotalCents),
        currency: decision.currency,
        priceBasis: decision.priceBasis,
        listPrice: centsToDollars(decision.listPriceCents),
        steps: decision.steps.map(step),
        applied: step(decision.applied),
        skipped: decision.skipped,
        minimumOrderQuantity: decision.minimumOrderQuantity,
        orderMultiple: decision.orderMultiple,
      };
    },
  };
}
