import type { ClientSession, MongoClient } from 'mongodb';
import { Refusal } from '../refusal.js';

/**
 * Runs `work` in one multi-document transaction (retried by the driver on write conflicts, which
 * is how concurrent reservations of the same tool are serialised). Needs a replica set: see
 * `assertReplicaSet` in mongo-store.ts.
 */
export async function inTransaction<T>(
  client: MongoClient,
  work: (session: ClientSession) => Promise<T>,
): Promise<T> {
  const session = client.startSession();
  try {
    let result: T | undefined;
    await session.withTransaction(async () => {
      result = await work(session);
    });
    return result as T;
  } catch (error) {
    // `refuse(answer)` inside `work` (../refusal.ts): rolled back, and `answer` is the result.
    if (error instanceof Refusal) return error.answer as T;
    throw error;
  } finally {
    await session.endSession();
  }
}
