import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { MongoClient } from 'mongodb';
import { createTestStore } from '../test/test-store.js';
import { storeContract } from '../test/store-contract/index.js';
import { openMongoStore } from './mongo/mongo-store.js';

describe('SQLite store', () => {
  storeContract(createTestStore);
});

const mongoUri = process.env.MONGODB_URI;

describe.skipIf(!mongoUri)('MongoDB store (skipped: set MONGODB_URI to run)', () => {
  storeContract(async () => {
    const uri = mongoUri as string;
    const dbName = `toolworks_test_${randomBytes(6).toString('hex')}`;
    const store = await openMongoStore(uri, dbName);
    return {
      store,
      async cleanup() {
        await store.close();
        const client = await MongoClient.connect(uri);
        try {
          await client.db(dbName).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  });
});
