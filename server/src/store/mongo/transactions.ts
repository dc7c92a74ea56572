import type { ClientSession, MongoClient } from 'mongodb';

/** Thrown inside a transaction to roll it back and answer `result` instead. */
class Abort<T> extends Error {
  constructor(readonly result: T) {
    super('transaction aborted');
  }
}

export const abort = <T>(result: T): never => {
  throw new Abort(result);
};

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
    if (error instanceof Abort) return error.result as T;
    throw error;
  } finally {
    await session.endSession();
  }
}
