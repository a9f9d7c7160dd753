import { useState } from 'react';

export type FormErrors<V> = Partial<Record<keyof V, string>>;

/** Keeps only the fields that have a message, so `{}` means valid. */
export function collectErrors<V>(errors: { [K in keyof V]?: string | undefined }): FormErrors<V> {
  const result: FormErrors<V> = {};
  for (const key of Object.keys(errors) as (keyof V)[]) {
    const message = errors[key];
    if (message !== undefined) result[key] = message;
  }
  return result;
}

/**
 * Controlled form state. Errors are recomputed from the values on every render; a field shows
 * its error once it was left (blurred) or a submit was attempted.
 */
export function useForm<V extends object>(initial: V, validate: (values: V) => FormErrors<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});

  const errors = validate(values);
  const isValid = Object.keys(errors).length === 0;

  return {
    values,
    errors,
    isValid,
    setValue<K extends keyof V>(name: K, value: V[K]) {
      setValues((current) => ({ ...current, [name]: value }));
    },
    setValuesWith(update: (current: V) => V) {
      setValues(update);
    },
    touch(name: keyof V) {
      setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
    },
    touchAll() {
      const all: Partial<Record<keyof V, boolean>> = {};
      for (const key of Object.keys(values) as (keyof V)[]) all[key] = true;
      setTouched(all);
    },
    reset() {
      setValues(initial);
      setTouched({});
    },
    /** The error to show now for a field. */
    visibleError(name: keyof V): string | undefined {
      return touched[name] ? errors[name] : undefined;
    },
  };
}
