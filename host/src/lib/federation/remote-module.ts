import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { resetRemote } from './remote-registry';

/** What an exposed module gives as its default export: a page or a modal component. */
export type RemoteComponent = ComponentType<never>;

/** An exposed module's id, as the runtime loads it: `catalog/FleetPage`. */
export type RemoteModuleId = string;

const loads = new Map<RemoteModuleId, Promise<RemoteComponent>>();
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

const remoteOf = (id: RemoteModuleId) => id.split('/')[0] ?? '';

/**
 * Names the exposed module beside the runtime's reason (an unreachable origin, or a shared
 * singleton on the page whose version the remote does not accept), for the console.
 */
function loadFailure(id: RemoteModuleId, reason: unknown): Error {
  const why = reason instanceof Error ? reason.message : String(reason);
  return new Error(`The remote module ${id} did not load: ${why}`, { cause: reason });
}

async function loadOnce(id: RemoteModuleId): Promise<RemoteComponent> {
  const module = await loadRemote<{ default: RemoteComponent }>(id);
  if (!module?.default) throw new Error(`The remote module ${id} did not load: it has no default export.`);
  return module.default;
}

async function loadAfterFailure(id: RemoteModuleId): Promise<RemoteComponent> {
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

/**
 * One promise per exposed module, kept so React's `use()` sees the same promise on every render.
 * A failed load is forgotten, so 'Try again' loads it afresh.
 */
export function loadRemoteModule(id: RemoteModuleId): Promise<RemoteComponent> {
  let load = loads.get(id);
  if (!load) {
    load = (failed.has(id) ? loadAfterFailure(id) : loadOnce(id)).catch((reason: unknown) => {
      failed.add(id);
      throw loadFailure(id, reason);
    });
    loads.set(id, load);
  }
  return load;
}

export function forgetRemoteModule(id: RemoteModuleId): void {
  loads.delete(id);
  resetRemote(remoteOf(id));
}
