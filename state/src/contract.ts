import type { ComponentType } from 'react';
import type { AuthView, ModalName, ModalState } from './stores/modal';

/**
 * The host–remote contract (docs/architecture.md §2): the props the host gives what a remote
 * exposes. Which remote exposes what is each remote's own page table (`./page-table`); a remote's
 * exposed modules are checked against these types by tsc (`satisfies PageComponent`,
 * `satisfies ModalComponent<'book'>`).
 */

/** Props the host's modal outlet gives every remote modal: the id its title must carry, and how to close. */
export interface ModalProps {
  titleId: string;
  onClose: () => void;
}

export interface AuthModalProps extends ModalProps {
  initialView: AuthView;
}

export interface BookRideModalProps extends ModalProps {
  vehicleId: string;
}

/** Each modal of the `$modal` store and the props its component takes. */
export interface ModalPropsByName {
  auth: AuthModalProps;
  profile: ModalProps;
  book: BookRideModalProps;
}

/** What a remote exposes for a modal: the component the host's outlet renders for that name. */
export type ModalComponent<Name extends ModalName> = ComponentType<ModalPropsByName[Name]>;

/** Pages take nothing from the host: they read the route and the shared stores. */
export type PageProps = Record<string, never>;

/** What a remote exposes for a page. */
export type PageComponent = ComponentType<PageProps>;

/** The props for the modal the store names, with the outlet's own. */
export function modalPropsOf(modal: ModalState, common: ModalProps): ModalPropsByName[ModalName] {
  switch (modal.name) {
    case 'auth':
      return { ...common, initialView: modal.view };
    case 'book':
      return { ...common, vehicleId: modal.vehicleId };
    case 'profile':
      return common;
  }
}
