import type { PriceList, PriceListSummary, SavePriceList } from '@toolworks/contract/price-lists';
import { AppError } from '../../lib/app-error.js';
import type { Id, PriceListInput, PriceListRecord, Store } from '../../store/store.js';
import { toPriceListInput, toPriceListWire, toSummaryWire } from './price-list-wire.js';

type Saved = PriceListRecord | null | 'PARENT_NOT_FOUND' | 'PARENT_CYCLE';

/** A refused parent named on the field, as a validation error names its field. */
function checked(result: Saved): PriceList {
  if (result === null) throw AppError.notFound('Price list not found');
  if (result === 'PARENT_NOT_FOUND') {
    const message = 'The parent price list does not exist';
    throw AppError.badRequest(message, [{ path: 'parentId', message }]);
  }
  if (result === 'PARENT_CYCLE')
    throw new AppError(
      'CONFLICT',
      'The parent would make a loop of price lists, or a chain deeper than allowed',
      409,
      [{ path: 'parentId', message: 'Parent makes a loop or too deep a chain' }],
    );
  return toPriceListWire(result);
}

/** Price lists, managed by the shop's admins (issue 50). */
export function createPriceListsService(
  store: Pick<Store, 'priceLists'>,
  shopCurrency: string,
  now: () => Date,
) {
  const { priceLists } = store;
  const input = (body: SavePriceList): PriceListInput => toPriceListInput(body, shopCurrency);
  return {
    async list(): Promise<PriceListSummary[]> {
      return (await priceLists.list()).map(toSummaryWire);
    },
    async get(id: Id): Promise<PriceList> {
      return checked(await priceLists.get(id));
    },
    async create(body: SavePriceList): Promise<PriceList> {
      return checked(await priceLists.create(input(body), now().toISOString()));
    },
    async update(id: Id, body: SavePriceList): Promise<PriceList> {
      return checked(await priceLists.update(id, input(body), now().toISOString()));
    },
    async remove(id: Id): Promise<void> {
      if (!(await priceLists.delete(id))) throw AppError.notFound('Price list not found');
    },
  };
}
