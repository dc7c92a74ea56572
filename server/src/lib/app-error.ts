import type { ErrorCode } from '@toolworks/contract/errors';

/** An error the client caused or may see: carries the HTTP status and the public code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, details?: unknown) {
    return new AppError('VALIDATION_ERROR', message, 400, details);
  }
  static unauthenticated(message = 'Sign in to continue') {
    return new AppError('UNAUTHENTICATED', message, 401);
  }
  static forbidden(message = 'You are not allowed to do this') {
    return new AppError('FORBIDDEN', message, 403);
  }
  static notFound(message = 'Not found') {
    return new AppError('NOT_FOUND', message, 404);
  }
  static conflict(message: string) {
    return new AppError('CONFLICT', message, 409);
  }
}
