import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@rentora/shared';
import type { RemoteModuleId, RemoteModules } from '@rentora/state';
import { resetRemote } from './remote-registry';

const loads = new Map<RemoteModuleId, Promise<RemoteModules[RemoteModuleId]>>();
const failed = new Set<RemoteModuleId>();

/**
 * A retry can meet what the page's HTML preloaded for the first attempt: when such a preload
 * failed, the browser answers the next request for that file with the same failure, without
 * asking the network (once per file: the remote's entry, then its chunk, then its styles). So a
 * retry whose script or stylesheet fails tries again, a few times at most; a remote whose
 * manifest cannot be read is down, and stops the retry at once.
 */
const FILE_FAILURE = /RUNTIME-008|ScriptNetworkError|Loading (css )?chunk/i;
const MAX_ATTEMPTS = 4;

const remoteOf = (id: RemoteModuleId) => id.split('/')[0] as RemoteName;

/**
 * Names the exposed module beside the runtime's reason (an unreachable origin, or a shared
 * singleton on the page whose version the remote does not accept), for the console.
 */
function loadFailure(id: RemoteModuleId, reason: unknown): Error {
  const why = reason instanceof Error ? reason.message : String(reason);
  return new Error(`The remote module ${id} did not load: ${why}`, { cause: reason });
}

async function loadOnce<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  const module = await loadRemote<{ default: RemoteModules[Id] }>(id);
  if (!module?.default) throw new Error(`The remote module ${id} did not load: it has no default export.`);
  return module.default;
}

async function loadAfterFailure<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await loadOnce(id);
    } catch (reason) {
      const fileFailed = FILE_FAILURE.test(reason instanceof Error ? reason.message : String(reason));
      if (!fileFailed || attempt === MAX_ATTEMPTS) throw reason;
      resetRemote(remoteOf(id));
    }
  }
}

/** Where one exposed module's load stands, as a render can read it without waiting. */
export type RemoteModuleState<Id extends RemoteModuleId> =
  { status: 'loading' } | { status: 'loaded'; module: RemoteModules[Id] } | { status: 'failed'; error: Error };

/** As kept, for any module: `remoteModuleState` gives it back typed by the module's id. */
type StoredState = { status: 'loading' } | { status: 'loaded'; module: unknown } | { status: 'failed'; error: Error };

const LOADING = { status: 'loading' } as const;
const states = new Map<RemoteModuleId, StoredState>();
const listeners = new Set<() => void>();

function settle(id: RemoteModuleId, load: Promise<unknown>, state: StoredState): void {
  // A load that was forgotten meanwhile (a retry started another) no longer speaks for the module.
  if (loads.get(id) !== load) return;
  states.set(id, state);
  for (const listener of listeners) listener();
}

/**
 * One load per exposed module, kept, with its state for `remoteModuleState`. A failed load is
 * forgotten by `forgetRemoteModule`, so 'Try again' loads it afresh.
 */
export function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  let load = loads.get(id);
  if (!load) {
    const started: Promise<RemoteModules[Id]> = (failed.has(id) ? loadAfterFailure(id) : loadOnce(id)).then(
      (module) => {
        settle(id, started, { status: 'loaded', module });
        return module;
      },
      (reason: unknown) => {
        failed.add(id);
        const error = loadFailure(id, reason);
        settle(id, started, { status: 'failed', error });
        throw error;
      },
    );
    load = started;
    loads.set(id, load);
    states.set(id, LOADING);
  }
  return load as Promise<RemoteModules[Id]>;
}

/** The module's state now: the same object until it changes (for `useSyncExternalStore`). */
export function remoteModuleState<Id extends RemoteModuleId>(id: Id): RemoteModuleState<Id> {
  return (states.get(id) ?? LOADING) as RemoteModuleState<Id>;
}

export function subscribeToRemoteModules(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function forgetRemoteModule(id: RemoteModuleId): void {
  loads.delete(id);
  states.delete(id);
  resetRemote(remoteOf(id));
}
