import request from 'supertest';
import type { AdminTestApp } from './admin-test-app.js';

/** The catalogue CSV's first eleven columns; the optional ones follow in their tests. */
export const CATALOGUE_HEADER =
  'SKU,Name,Category,Price,Volume prices,Specifications,Stock,Minimum order quantity,Image,Datasheet,Description';
export const AVAILABILITY_COLUMNS = 'Lead time (days),Backorders,Incoming stock';
export const PACK_COLUMNS = 'Unit,Pack size,Order multiple,Price basis';

/** The admin's export (its text) and import calls, as the catalogue CSV tests make them. */
export function catalogueCsvCalls(shop: AdminTestApp) {
  return {
    exportCsv: () =>
      request(shop.app)
        .get('/api/admin/catalogue.csv')
        .set('Authorization', shop.admin.bearer)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done(null, text));
        }),
    importCsv: (csv: string, dryRun: boolean) =>
      request(shop.app)
        .post(`/api/admin/catalogue/import?dryRun=${dryRun}`)
        .set('Authorization', shop.admin.bearer)
        .send({ csv }),
  };
}
