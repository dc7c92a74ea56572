import { CATALOGUE_COLUMNS } from '@toolworks/contract/catalogue-import';
import { csvRow } from '../../lib/csv.js';
import type { Store, ToolRecord } from '../../store/store.js';
import { toolCells } from './catalogue-row.js';

const PAGE = 500;

const toolRow = (tool: ToolRecord) => {
  const cells = toolCells(tool);
  return csvRow(CATALOGUE_COLUMNS.map((column) => cells[column]));
};

/**
 * The whole catalogue as CSV, in the columns an import reads back (formula-like cells guarded as
 * in the orders export, and un-guarded on import), newest first, a page at a time.
 */
export async function* catalogueCsv(store: Pick<Store, 'tools'>): AsyncGenerator<string> {
  // A byte-order mark, so spreadsheets read the names as UTF-8.
  yield `\uFEFF${csvRow(CATALOGUE_COLUMNS)}`;
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.tools.list({ offset, limit: PAGE, sort: 'newest', withTotal: false });
    if (page.items.length) yield page.items.map(toolRow).join('');
    if (page.items.length < PAGE) return;
  }
}
