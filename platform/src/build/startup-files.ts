import type { Compiler } from '@rspack/core';

export const STARTUP_FILES = 'startup-files.json';

/** The async import in each app's entry that starts the app (the federation runtime's async boundary). */
const BOOTSTRAP_REQUEST = './bootstrap';
const PROVIDED_SHARED_MODULE = /^provide shared module /;

/**
 * Writes which files the host loads on start-up after main.js: its bootstrap and the libraries
 * it provides to the page (React, the router, the stores). Each page's HTML then asks for them
 * at once, instead of after main.js has run and found them one by one (docs/architecture.md §2).
 */
export class StartupFilesPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(StartupFilesPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: StartupFilesPlugin.name, stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const scripts = new Set<string>();
          const styles = new Set<string>();
          for (const group of compilation.chunkGroups) {
            const startsUp = group.origins.some(
              ({ request, module }) =>
                request === BOOTSTRAP_REQUEST || PROVIDED_SHARED_MODULE.test(module?.identifier() ?? ''),
            );
            if (!startsUp) continue;
            for (const chunk of group.chunks) {
              for (const file of chunk.files) {
                if (file.endsWith('.js')) scripts.add(file);
                else if (file.endsWith('.css')) styles.add(file);
              }
            }
          }
          const files = { scripts: [...scripts].sort(), styles: [...styles].sort() };
          compilation.emitAsset(STARTUP_FILES, new compiler.rspack.sources.RawSource(JSON.stringify(files)));
        },
      );
    });
  }
}
