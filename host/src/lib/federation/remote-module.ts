import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@rentora/shared';
import type { RemoteModuleId, RemoteModules } from '@rentora/state';
import { resetRemote } from './remote-registry';

const loads = new Map<RemoteModuleId, Promise<RemoteModules[RemoteModuleId]>>();

/**
 * Names the exposed module beside the runtime's reason (an unreachable origin, or a shared
 * singleton on the page whose version the remote does not accept), for the console.
 */
function loadFailure(id: RemoteModuleId, reason: unknown): Error {
  const why = reason instanceof Error ? reason.message : String(reason);
  return new Error(`The remote module ${id} did not load: ${why}`, { cause: reason });
}

/**
 * One promise per exposed module, kept so React's `use()` sees the same promise on every render.
 * A failed load is forgotten, so 'Try again' loads it afresh.
 */
export function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  let load = loads.get(id);
  if (!load) {
    load = loadRemote<{ default: RemoteModules[Id] }>(id).then(
      (module) => {
        if (!module?.default) throw new Error(`The remote module ${id} did not load: it has no default export.`);
        return module.default;
      },
      (reason: unknown) => {
        throw loadFailure(id, reason);
      },
    );
    loads.set(id, load);
  }
  return load as Promise<RemoteModules[Id]>;
}

export function forgetRemoteModule(id: RemoteModuleId): void {
  loads.delete(id);
  resetRemote(id.split('/')[0] as RemoteName);
}
