import { Suspense, use, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { RemoteErrorPanel } from './remote-error-panel';
import { forgetRemoteModule, loadRemoteModule, type RemoteModuleId } from './remote-module';

export interface RemoteSlotProps<Props extends object> {
  /** The exposed module, as the runtime loads it: `catalog/FleetPage`. */
  id: RemoteModuleId;
  /** Its props, as the contract types them for what it exposes (`PageProps`, `ModalPropsByName`). */
  props: Props;
  /** Shown while the remote's code arrives. */
  fallback: ReactNode;
  /** Shown instead of `fallback` while the first attempt loads (a page's server-painted first paint). */
  firstAttemptFallback?: ReactNode;
  /** The first attempt also waits for this (the data that first paint showed): it must settle, and never reject. */
  firstAttemptWaitsFor?: Promise<unknown>;
  /** Called once the remote's own render is on screen. */
  onShown?: () => void;
  /** What the user is missing, in words: 'the fleet', 'sign-in'. */
  what: string;
  /** Lets a modal keep its dialog labelled when the panel replaces the remote's own title. */
  titleId?: string;
}

/**
 * Mounts one exposed module of a remote with a loading fallback and a recoverable error panel:
 * a remote that cannot be reached costs its own slot, never the page.
 */
export function RemoteSlot<Props extends object>({
  id,
  props,
  fallback,
  firstAttemptFallback,
  firstAttemptWaitsFor,
  onShown,
  what,
  titleId,
}: RemoteSlotProps<Props>) {
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
        <RemoteModuleView
          id={id}
          props={props}
          waitsFor={attempt === 0 ? firstAttemptWaitsFor : undefined}
          onShown={onShown}
        />
      </Suspense>
    </ErrorBoundary>
  );
}

function RemoteModuleView({
  id,
  props,
  waitsFor,
  onShown,
}: {
  id: RemoteModuleId;
  props: object;
  waitsFor: Promise<unknown> | undefined;
  onShown: (() => void) | undefined;
}) {
  // The slot's props are typed by the contract for what `id` exposes.
  const RemoteComponent = use(loadRemoteModule(id)) as ComponentType<object>;
  if (waitsFor !== undefined) use(waitsFor);
  useLayoutEffect(() => {
    onShown?.();
  }, [onShown]);
  return <RemoteComponent {...props} />;
}
