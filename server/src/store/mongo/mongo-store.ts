import { MongoClient, type Db } from 'mongodb';
import type { Store } from '../store.js';
import { withCatalogueVersion } from '../catalogue-version.js';
import { mongoToolsRepo, type ToolDoc } from './tools-repo.js';
import { mongoOrdersRepo, type OrderDoc } from './orders-repo.js';
import { mongoProfilesRepo, mongoUsersRepo, type ProfileDoc, type UserDoc } from './users-repo.js';
import {
  mongoPaymentEventsRepo,
  mongoReviewsRepo,
  type PaymentEventDoc,
  type ReviewDoc,
} from './reviews-repo.js';
import { mongoStatsRepo } from './stats-repo.js';
import { mongoCategoriesRepo, type CategoryDoc } from './categories-repo.js';

function catalogueIndexes(db: Db): Promise<string>[] {
  const tools = db.collection('tools');
  const inStock = { partialFilterExpression: { availableQuantity: { $gt: 0 } } };
  const sorts = [{ _id: -1 }, { priceCents: 1, _id: 1 }, { nameLower: 1, _id: 1 }] as const;
  return sorts.flatMap((sort, i) => [
    tools.createIndex({ category: 1, ...sort }),
    tools.createIndex({ category: 1, ...sort }, { ...inStock, name: `in_stock_category_${i}` }),
    tools.createIndex({ ...sort }, { ...inStock, name: `in_stock_${i}` }),
    ...(i > 0 ? [tools.createIndex({ ...sort })] : []),
  ]);
}

async function createIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('tools').createIndex({ nameLower: 1 }),
    // The catalogue's filters and sorts (see tools-repo.ts): an equality on category, in stock
    // through partial indexes, then the sort key, so a filtered page reads in index order.
    ...catalogueIndexes(db),
    db.collection('categories').createIndex({ nameLower: 1 }, { unique: true }),
    db.collection('reviews').createIndex({ toolId: 1, hidden: 1, _id: -1 }),
    db.collection('reviews').createIndex({ hidden: 1, _id: -1 }),
    db.collection('orders').createIndex({ userEmail: 1, toolId: 1, isPaid: 1 }),
    db.collection('orders').createIndex({ userEmail: 1, _id: -1 }),
    db.collection('orders').createIndex({ createdAt: -1 }),
    db.collection('orders').createIndex({ isPaid: 1, shippedAt: 1, _id: -1 }),
    db.collection('users').createIndex({ email: 1 }, { unique: true }),
    db.collection('profiles').createIndex({ email_address: 1 }, { unique: true }),
    // payment_events uses the event id as _id, which is unique already.
  ]);
}

export async function openMongoStore(uri: string, dbName: string): Promise<Store> {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db(dbName);
    await createIndexes(db);
    const tools = db.collection<ToolDoc>('tools');
    const orders = db.collection<OrderDoc>('orders');
    const users = db.collection<UserDoc>('users');
    const profiles = db.collection<ProfileDoc>('profiles');
    return withCatalogueVersion({
      kind: 'mongo',
      tools: mongoToolsRepo(tools),
      categories: mongoCategoriesRepo(db.collection<CategoryDoc>('categories'), tools),
      orders: mongoOrdersRepo(orders, tools),
      users: mongoUsersRepo(users, profiles),
      profiles: mongoProfilesRepo(profiles),
      reviews: mongoReviewsRepo(client, db.collection<ReviewDoc>('reviews'), tools, orders),
      paymentEvents: mongoPaymentEventsRepo(db.collection<PaymentEventDoc>('payment_events')),
      stats: mongoStatsRepo(orders, tools, users),
      async close() {
        await client.close();
      },
    });
  } catch (error) {
    await client.close();
    throw error;
  }
}
