import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

/** A failed sign-up: its message, and per-field messages cleared as the user edits. */
export interface Failure<V> {
  message: string;
  fields: Partial<Record<keyof V, string>>;
}

/** The failure's message and the per-field messages of `names`, as the client words their codes. */
export function failureFrom<V>(error: unknown, names: readonly (keyof V)[]): Failure<V> {
  const fields: Failure<V>['fields'] = {};
  if (error instanceof ApiError) {
    for (const name of names) {
      const message = error.fieldMessage(String(name));
      if (message) fields[name] = message;
    }
  }
  return { message: errorMessage(error), fields };
}
