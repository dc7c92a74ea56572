/**
 * A refusal: a business "no" (sold out, the price moved, the buyer was removed) decided inside a
 * write that has already written part of its work. `refuse(answer)` throws it; the adapter's
 * transaction runner undoes everything the write did (SQLite's write queue rolls back to the
 * operation's savepoint, MongoDB's `inTransaction` aborts the transaction) and hands `answer` to
 * the caller as the result, not as an error. One idea for both adapters.
 */
export class Refusal<T> extends Error {
  constructor(readonly answer: T) {
    super('write refused');
    this.name = 'Refusal';
  }
}

export function refuse<T>(answer: T): never {
  throw new Refusal(answer);
}
