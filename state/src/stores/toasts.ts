import { atom } from 'nanostores';

export const TOAST_DURATION_MS = 3000;

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const $toasts = atom<readonly Toast[]>([]);

let nextToastId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a toast for 3 s (docs/product.md §9); the host renders and announces it. */
export function showToast(kind: ToastKind, message: string): number {
  const id = nextToastId++;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}
