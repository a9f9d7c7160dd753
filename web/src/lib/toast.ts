import { proxy } from 'valtio';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long a toast stays up unless dismissed. */
export const TOAST_DURATION_MS = 5000;

/** Toasts on screen, oldest first; the Toaster shows the newest few. */
export const toasts = proxy<{ items: Toast[] }>({ items: [] });

let nextId = 1;

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  toasts.items.push({ id, kind, message });
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: number): void {
  const index = toasts.items.findIndex((item) => item.id === id);
  if (index >= 0) toasts.items.splice(index, 1);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
