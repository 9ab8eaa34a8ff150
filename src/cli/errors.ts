import { ApiError, ApiSchemaError } from '../api/errors.ts';

/** The one line a user sees when a command fails. */
export function formatError(error: unknown): string {
  if (error instanceof ApiError || error instanceof ApiSchemaError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
