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
  /**
   * Shown in the module's place while given (a page's first paint, as the server wrote it, until the
   * page may take over); a change from it to the module in a transition keeps it on screen until the
   * module has rendered.
   */
  holding?: ReactNode;
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
  holding,
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
      <Suspense fallback={fallback}>{holding ?? <RemoteModuleView id={id} props={props} onShown={onShown} />}</Suspense>
    </ErrorBoundary>
  );
}

function RemoteModuleView({
  id,
  props,
  onShown,
}: {
  id: RemoteModuleId;
  props: object;
  onShown: (() => void) | undefined;
}) {
  // The slot's props are typed by the contract for what `id` exposes.
  const RemoteComponent = use(loadRemoteModule(id)) as ComponentType<object>;
  useLayoutEffect(() => {
    onShown?.();
  }, [onShown]);
  return <RemoteComponent {...props} />;
}
