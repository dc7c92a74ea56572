import { loadConfig, type Config } from '../config.js';
import { createLogger } from '../lib/logger.js';
import type { OrderRecord, Store } from '../store/store.js';
import { buildOrderInput, buildTool } from './factories.js';
import { createMailSender } from '../compose.js';
import { createNotifier } from '../modules/orders/index.js';
import { mailOrderFromRecord } from '../domain/mail-order.js';

export const SHOP_URL = 'https://shop.example.com';

export function mailConfig(smtpUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    SMTP_URL: smtpUrl,
    SHOP_URL,
    MAIL_FROM: 'Toolworks <orders@toolworks.test>',
    ORDERS_NOTIFY_EMAIL: 'sales@toolworks.test',
    SELLER_NAME: 'Toolworks Manufacturing Ltd',
    SELLER_ADDRESS: '1 Foundry Lane, Springfield, USA',
    SELLER_TAX_ID: 'US-99-1234567',
    TAX_RATE_PERCENT: '20',
    MAIL_RETRY_BASE_MS: '1000',
    MAIL_MAX_ATTEMPTS: '3',
    ...env,
  });
}

export const silent = createLogger({ logLevel: 'silent' });

/** A placed order (and paid, if asked) in the store, as records and as emails show it. */
export async function orderIn(
  store: Store,
  opts: { paid?: boolean; userName?: string; quantity?: number } = {},
): Promise<OrderRecord> {
  const tool = await store.tools.create(
    buildTool({ name: 'Torque Wrench 3/8"', priceCents: 2550 }),
  );
  const placed = await store.orders.place(
    buildOrderInput(tool._id, {
      quantity: opts.quantity ?? 12,
      ...(opts.userName !== undefined && { userName: opts.userName }),
    }),
  );
  if (!placed.ok) throw new Error(`could not place: ${placed.reason}`);
  if (!opts.paid) return placed.order;
  const paid = await store.orders.markPaid(placed.order._id, 'pi_test_123456');
  if (!paid) throw new Error('could not pay');
  return paid.order;
}

export function mailKit(store: Store, config: Config, workerId?: string) {
  const notifier = createNotifier({ store, config, logger: silent });
  const sender = createMailSender({ store, config, logger: silent, ...(workerId && { workerId }) });
  if (!sender) throw new Error('no sender: SMTP_URL missing');
  return { notifier, sender, view: mailOrderFromRecord };
}
