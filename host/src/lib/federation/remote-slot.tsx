import { Suspense, use, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { RemoteModuleId, RemoteModules } from '@rentora/state';
import { ErrorBoundary } from './error-boundary';
import { RemoteErrorPanel } from './remote-error-panel';
import { forgetRemoteModule, loadRemoteModule } from './remote-module';

type PropsOf<Id extends RemoteModuleId> = ComponentProps<RemoteModules[Id]>;

export interface RemoteSlotProps<Id extends RemoteModuleId> {
  id: Id;
  props: PropsOf<Id>;
  /** Shown while the remote's code arrives. */
  fallback: ReactNode;
  /** Shown instead of `fallback` while the first attempt loads (a page's server-painted first paint). */
  firstAttemptFallback?: ReactNode;
  /** The first attempt also waits for this (the data that first paint showed): it must settle, and never reject. */
  firstAttemptWaitsFor?: Promise<unknown>;
  /** What the user is missing, in words: 'the fleet', 'sign-in'. */
  what: string;
  /** Lets a modal keep its dialog labelled when the panel replaces the remote's own title. */
  titleId?: string;
}

/**
 * Mounts one exposed module of a remote with a loading fallback and a recoverable error panel:
 * a remote that cannot be reached costs its own slot, never the page.
 */
export function RemoteSlot<Id extends RemoteModuleId>({
  id,
  props,
  fallback,
  firstAttemptFallback,
  firstAttemptWaitsFor,
  what,
  titleId,
}: RemoteSlotProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  // The build prerenders the shell with no remotes at hand: a page's slot is its fallback there.
  if (typeof document === 'undefined') return fallback;
  const retry = () => {
    forgetRemoteModule(id);
    setAttempt((count) => count + 1);
  };
  return (
    <ErrorBoundary key={attempt} fallback={<RemoteErrorPanel what={what} titleId={titleId} onRetry={retry} />}>
      <Suspense fallback={attempt === 0 ? (firstAttemptFallback ?? fallback) : fallback}>
        <RemoteModuleView id={id} props={props} waitsFor={attempt === 0 ? firstAttemptWaitsFor : undefined} />
      </Suspense>
    </ErrorBoundary>
  );
}

function RemoteModuleView<Id extends RemoteModuleId>({
  id,
  props,
  waitsFor,
}: {
  id: Id;
  props: PropsOf<Id>;
  waitsFor: Promise<unknown> | undefined;
}) {
  // RemoteSlot's props already tie `props` to the module `id` names.
  const RemoteComponent = use(loadRemoteModule(id)) as ComponentType<object>;
  if (waitsFor !== undefined) use(waitsFor);
  return <RemoteComponent {...props} />;
}
