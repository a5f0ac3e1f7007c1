import {errorMessage} from '../../errors.js';

export function statusCode(error: unknown): number | undefined {
  const code = (error as {statusCode?: unknown})?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

export function describeStreamError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const message = errorMessage(error).replace(/\s+$/, '');
  if (code === 'ECONNREFUSED') return 'the engine refused the connection';
  if (code === 'ECONNRESET' || message === 'aborted') return 'the connection was reset';
  if (code === 'ETIMEDOUT') return 'the connection timed out';
  return message;
}
