import { atom } from 'nanostores';

export type AuthView = 'signup' | 'login';

/** The one modal open at a time (ARCHITECTURE §3); the host's outlet renders the matching remote. */
export type ModalState = { name: 'auth'; view: AuthView } | { name: 'profile' } | { name: 'book'; vehicleId: string };

export const $modal = atom<ModalState | null>(null);

/** The Login/Sign Up modal always opens in the Sign Up view (SPEC §2). */
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
