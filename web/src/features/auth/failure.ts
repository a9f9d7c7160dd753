import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-messages';

/** A failed sign-up: the server's message, and per-field messages cleared as the user edits. */
export interface Failure<V> {
  message: string;
  fields: Partial<Record<keyof V, string>>;
}

/** The server's message and the per-field messages of `names` (sign-up shows the server's message). */
export function failureFrom<V>(error: unknown, names: readonly (keyof V)[]): Failure<V> {
  const fields: Failure<V>['fields'] = {};
  if (error instanceof ApiError) {
    for (const name of names) {
      const message = error.fieldMessage(String(name));
      if (message) fields[name] = message;
    }
  }
  return { message: serverMessage(error), fields };
}
