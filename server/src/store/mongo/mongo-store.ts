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
import { mongoQuotesRepo, type CounterDoc, type QuoteDoc } from './quotes-repo.js';

async function createIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('tools').createIndex({ nameLower: 1 }),
    db.collection('orders').createIndex({ userEmail: 1, _id: -1 }),
    db.collection('orders').createIndex({ createdAt: -1 }),
    db.collection('orders').createIndex({ isPaid: 1, shippedAt: 1, _id: -1 }),
    db.collection('users').createIndex({ email: 1 }, { unique: true }),
    db.collection('profiles').createIndex({ email_address: 1 }, { unique: true }),
    db.collection('quotes').createIndex({ number: 1 }, { unique: true }),
    db.collection('quotes').createIndex({ userEmail: 1, number: -1 }),
    db.collection('quotes').createIndex({ status: 1, number: -1 }),
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
      orders: mongoOrdersRepo(orders, tools),
      users: mongoUsersRepo(users, profiles),
      profiles: mongoProfilesRepo(profiles),
      reviews: mongoReviewsRepo(db.collection<ReviewDoc>('reviews')),
      paymentEvents: mongoPaymentEventsRepo(db.collection<PaymentEventDoc>('payment_events')),
      stats: mongoStatsRepo(orders, tools, users),
      quotes: mongoQuotesRepo(
        db.collection<QuoteDoc>('quotes'),
        db.collection<CounterDoc>('counters'),
      ),
      async close() {
        await client.close();
      },
    });
  } catch (error) {
    await client.close();
    throw error;
  }
}
