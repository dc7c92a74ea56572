import type { Response } from 'express';

/** Resolves once a streamed response can take more (or the client went away). */
export const drainedOrClosed = (res: Response) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
