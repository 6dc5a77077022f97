import type { ComponentType } from 'react';
import type { RemoteName } from '@rentora/shared';
import type { AuthView } from './stores/modal';

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

/** Pages take nothing from the host: they read the route and the shared stores. */
export type PageProps = Record<string, never>;

declare const propsOfExpose: unique symbol;

/** One exposed module: its name is its key in REMOTE_EXPOSES; its props exist only as a type. */
export interface Expose<Props extends object> {
  readonly [propsOfExpose]?: Props;
}

const expose = <Props extends object>(): Expose<Props> => ({});

/**
 * The host–remote contract (docs/architecture.md §2), the one place that names what each remote
 * exposes and the props each exposed component takes. Each remote's federation config and exposed
 * modules, and the host's loads, are checked against it by tsc; a unit test checks the built
 * manifests against it.
 */
export const REMOTE_EXPOSES = {
  catalog: {
    './HomePage': expose<PageProps>(),
    './FleetPage': expose<PageProps>(),
    './VehicleDetailPage': expose<PageProps>(),
  },
  booking: {
    './BookRideModal': expose<BookRideModalProps>(),
  },
  account: {
    './AuthModal': expose<AuthModalProps>(),
    './ProfileModal': expose<ModalProps>(),
  },
} as const satisfies Record<RemoteName, Record<`./${string}`, Expose<object>>>;

type Exposes = typeof REMOTE_EXPOSES;

/** The expose keys of one remote, as its federation config writes them: './HomePage'. */
export type ExposeName<Remote extends RemoteName> = keyof Exposes[Remote] & `./${string}`;

/** The exact `exposes` map a remote's federation config must have: every name, no other. */
export type ExposesConfig<Remote extends RemoteName> = Record<ExposeName<Remote>, string>;

/** The ids the host loads one remote's modules by: 'catalog/HomePage'. */
export type RemoteModuleIdOf<Remote extends RemoteName> =
  ExposeName<Remote> extends `./${infer Module}` ? `${Remote}/${Module}` : never;

export type RemoteModuleId = { [Remote in RemoteName]: RemoteModuleIdOf<Remote> }[RemoteName];

type ExposeOf<Id extends RemoteModuleId> = Id extends `${infer Remote extends RemoteName}/${infer Module}`
  ? Exposes[Remote][`./${Module}` & keyof Exposes[Remote]]
  : never;

type PropsOf<Declared> = Declared extends Expose<infer Props> ? Props : never;

/** The component each exposed module gives as its default export, as the host loads it. */
export type RemoteModules = { [Id in RemoteModuleId]: ComponentType<PropsOf<ExposeOf<Id>>> };
