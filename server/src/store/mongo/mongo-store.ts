import { MongoClient, type Db } from 'mongodb';
import type { Store } from '../store.js';
import { withCatalogueVersion } from '../catalogue-version.js';
import { mongoToolsRepo, type ToolDoc } from './tools-repo.js';
import { mongoOrdersRepo, type OrderDoc } from './orders-repo.js';
import type { CounterDoc } from './order-docs.js';
import { mongoCartsRepo, type CartItemDoc } from './carts-repo.js';
import { assertReplicaSet, backfillOrders } from './order-backfill.js';
import { mongoProfilesRepo, mongoUsersRepo, type ProfileDoc, type UserDoc } from './users-repo.js';
import {
  mongoPaymentEventsRepo,
  mongoReviewsRepo,
  type PaymentEventDoc,
  type ReviewDoc,
} from './reviews-repo.js';
import { mongoStatsRepo } from './stats-repo.js';

async function createIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('tools').createIndex({ nameLower: 1 }),
    db.collection('orders').createIndex({ userEmail: 1, _id: -1 }),
    db.collection('orders').createIndex({ createdAt: -1 }),
    db.collection('orders').createIndex({ isPaid: 1, shippedAt: 1, _id: -1 }),
    db.collection('orders').createIndex({ number: 1 }, { unique: true, sparse: true }),
    db.collection('orders').createIndex({ status: 1, _id: -1 }),
    // The expiry sweep and the unpaid count per buyer.
    db.collection('orders').createIndex({ status: 1, expiresAt: 1 }),
    db.collection('orders').createIndex({ userEmail: 1, status: 1, expiresAt: 1 }),
    db.collection('cart_items').createIndex({ userEmail: 1, toolId: 1 }, { unique: true }),
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
    await assertReplicaSet(db);
    await createIndexes(db);
    const tools = db.collection<ToolDoc>('tools');
    const orders = db.collection<OrderDoc>('orders');
    const users = db.collection<UserDoc>('users');
    const profiles = db.collection<ProfileDoc>('profiles');
    const counters = db.collection<CounterDoc>('counters');
    const carts = db.collection<CartItemDoc>('cart_items');
    await backfillOrders(orders, counters);
    return withCatalogueVersion({
      kind: 'mongo',
      tools: mongoToolsRepo(tools),
      orders: mongoOrdersRepo(client, { orders, tools, counters, carts }),
      carts: mongoCartsRepo(carts, tools),
      users: mongoUsersRepo(users, profiles),
      profiles: mongoProfilesRepo(profiles),
      reviews: mongoReviewsRepo(db.collection<ReviewDoc>('reviews')),
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
