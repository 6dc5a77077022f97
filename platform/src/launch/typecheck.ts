import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { findRepoRoot } from './repo';

/**
 * `npm run typecheck`: `tsc --noEmit` over every workspace's tsconfig.json and tsconfig.test.json
 * and the browser suite's tsconfig.e2e.json, in one process. Each config is still a program of
 * its own (browser code without Node or Jest globals), but the programs share every parsed and
 * bound file: the same type libraries (DOM, Node, React, …) and workspace sources would otherwise
 * be read, parsed and bound again by each of seventeen `tsc` runs.
 */
const CONFIG_NAMES = ['tsconfig.json', 'tsconfig.test.json'];

function configsOf(root: string): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const configs = workspaces.flatMap((workspace) =>
    CONFIG_NAMES.map((name) => path.join(root, workspace, name)).filter((config) => existsSync(config)),
  );
  return [...configs, path.join(root, 'tsconfig.e2e.json')];
}

/** A compiler host whose parsed files outlive one program: the compiler options of every config parse alike. */
function sharingHost(): (options: ts.CompilerOptions) => ts.CompilerHost {
  const parsed = new Map<string, ts.SourceFile | undefined>();
  return (options) => {
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const version = typeof languageVersion === 'object' ? JSON.stringify(languageVersion) : String(languageVersion);
      const key = `${version}:${fileName}`;
      if (!parsed.has(key)) parsed.set(key, read(fileName, languageVersion, onError, shouldCreate));
      return parsed.get(key);
    };
    return host;
  };
}

function typecheck(root: string): number {
  const hostFor = sharingHost();
  const formatHost: ts.FormatDiagnosticsHost = {
    getCurrentDirectory: () => root,
    getCanonicalFileName: (fileName) => fileName,
    getNewLine: () => ts.sys.newLine,
  };
  let errors = 0;
  for (const config of configsOf(root)) {
    const started = Date.now();
    const commandLine = ts.getParsedCommandLineOfConfigFile(
      config,
      { noEmit: true },
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.formatDiagnostic(diagnostic, formatHost));
        },
      },
    );
    if (commandLine === undefined) throw new Error(`${config} could not be read.`);
    const program = ts.createProgram({
      rootNames: commandLine.fileNames,
      options: commandLine.options,
      projectReferences: commandLine.projectReferences,
      host: hostFor(commandLine.options),
    });
    const diagnostics = [...commandLine.errors, ...ts.getPreEmitDiagnostics(program)];
    errors += diagnostics.length;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const count = `${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'}`;
    process.stdout.write(`${path.relative(root, config)}: ${count} (${seconds} s)\n`);
    if (diagnostics.length > 0) {
      const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
      process.stdout.write(format(diagnostics, formatHost));
    }
  }
  return errors === 0 ? 0 : 1;
}

process.exitCode = typecheck(findRepoRoot());
