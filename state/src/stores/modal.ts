import { atom } from 'nanostores';

export type AuthView = 'signup' | 'login';

/** The one modal open at a time (docs/architecture.md §3); the host's outlet renders the matching remote. */
export type ModalState = { name: 'auth'; view: AuthView } | { name: 'profile' } | { name: 'book'; vehicleId: string };

export const $modal = atom<ModalState | null>(null);

/** The Login/Sign Up modal always opens in the Sign Up view (docs/product.md §2). */
export function openAuth(): void {
  $modal.set({ name: 'auth', view: 'signup' });
}

export function openProfile(): void {
  $modal.set({ name: 'profile' });
}

export function openBookRide(vehicleId: string): void {
  $modal.set({ name: 'book', vehicleId });
}

export function closeModal(): void {
  $modal.set(null);
}

export type ModalName = ModalState['name'];

/**
 * The modal a reader is about to open: the pointer is over its button, or the button has focus.
 * The host starts loading that remote's code then, not at start-up (docs/architecture.md §2).
 */
export const $modalIntent = atom<ModalName | null>(null);

/** Props for a button that opens a modal: hovering, touching or focusing it starts the modal's code. */
export function modalIntent(name: ModalName): { onPointerEnter: () => void; onFocus: () => void } {
  const intend = () => $modalIntent.set(name);
  return { onPointerEnter: intend, onFocus: intend };
}
