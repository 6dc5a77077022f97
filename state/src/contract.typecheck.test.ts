import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const file = (relative: string) => path.join(root, relative);

const CATALOG_CONFIG = file('remote-catalog/module-federation.config.ts');
const BOOKING_MODAL = file('remote-booking/src/exposed/book-ride-modal.tsx');
const CATALOG_TABLE = file('remote-catalog/src/pages.tsx');

/** A copy of a real file beside it (so its imports resolve), with one edit that must apply. */
function variant(of: string, name: string, edit: [from: string, to: string]) {
  const source = ts.sys.readFile(of);
  if (source === undefined || !source.includes(edit[0])) throw new Error(`${of} no longer contains ${edit[0]}`);
  return { path: path.join(path.dirname(of), name), text: source.replace(edit[0], edit[1]) };
}

const VARIANTS = {
  renamedExpose: variant(CATALOG_CONFIG, 'renamed-expose.config.ts', ["'./HomePage':", "'./Home':"]),
  missingExpose: variant(CATALOG_CONFIG, 'missing-expose.config.ts', [
    "'./FleetPage': './src/exposed/fleet-page.tsx',",
    '',
  ]),
  extraExpose: variant(CATALOG_CONFIG, 'extra-expose.config.ts', [
    "'./HomePage':",
    "'./AboutPage': './src/exposed/home-page.tsx',\n    './HomePage':",
  ]),
  changedPropType: variant(BOOKING_MODAL, 'changed-prop-type.tsx', [
    'props: BookRideModalProps)',
    "props: Omit<BookRideModalProps, 'vehicleId'> & { vehicleId: number })",
  ]),
  extraRequiredProp: variant(BOOKING_MODAL, 'extra-required-prop.tsx', [
    'props: BookRideModalProps)',
    'props: BookRideModalProps & { days: number })',
  ]),
  pageWithoutPath: variant(CATALOG_TABLE, 'page-without-path.tsx', ["      path: '/vehicles',\n", '']),
  unknownRole: variant(CATALOG_TABLE, 'unknown-role.tsx', ["access: 'everyone',", "access: { roles: ['driver'] },"]),
};

const REAL_FILES = [
  CATALOG_CONFIG,
  file('remote-catalog/src/exposed/home-page.tsx'),
  file('remote-catalog/src/exposed/fleet-page.tsx'),
  file('remote-catalog/src/exposed/vehicle-detail-page.tsx'),
  file('remote-booking/module-federation.config.ts'),
  BOOKING_MODAL,
  file('remote-account/module-federation.config.ts'),
  file('remote-account/src/exposed/auth-modal.tsx'),
  file('remote-account/src/exposed/profile-modal.tsx'),
  CATALOG_TABLE,
  file('remote-booking/src/pages.tsx'),
  file('remote-account/src/pages.tsx'),
  file('remote-operator/module-federation.config.ts'),
  file('remote-operator/src/pages.tsx'),
  ...['today', 'fleet', 'bookings', 'team', 'audit'].map((page) =>
    file(`remote-operator/src/exposed/${page}-page.tsx`),
  ),
  file('host/src/features/modal-outlet/modal-outlet.tsx'),
];

/** One program over the real files and every variant, compiled with the apps' own options. */
function typeCheck() {
  const config = ts.getParsedCommandLineOfConfigFile(
    file('remote-booking/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('remote-booking/tsconfig.json could not be read');
  const inMemory = new Map(Object.values(VARIANTS).map((entry) => [entry.path, entry.text]));
  const host = ts.createCompilerHost(config.options);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.fileExists = (name) => inMemory.has(name) || fileExists(name);
  host.readFile = (name) => inMemory.get(name) ?? readFile(name);
  const declarations = config.fileNames.filter((name) => name.endsWith('.d.ts'));
  const program = ts.createProgram([...declarations, ...REAL_FILES, ...inMemory.keys()], config.options, host);
  return (name: string) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(name))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

let errorsIn: (name: string) => string[];
beforeAll(() => {
  errorsIn = typeCheck();
}, 120_000);

describe('the host–remote contract and the page tables, as tsc checks them', () => {
  it('accepts the real federation configs, exposed modules and host loads', () => {
    for (const name of REAL_FILES) expect({ name, errors: errorsIn(name) }).toEqual({ name, errors: [] });
  });

  it('rejects a renamed expose', () => {
    expect(errorsIn(VARIANTS.renamedExpose.path).join('\n')).toMatch(/\.\/Home\W+ does not exist/);
  });

  it('rejects a missing expose', () => {
    expect(errorsIn(VARIANTS.missingExpose.path).join('\n')).toMatch(/\.\/FleetPage\W+ is missing/);
  });

  it('rejects an expose the contract does not name', () => {
    expect(errorsIn(VARIANTS.extraExpose.path).join('\n')).toMatch(/\.\/AboutPage\W+ does not exist/);
  });

  it('rejects an exposed component whose prop type changed', () => {
    expect(errorsIn(VARIANTS.changedPropType.path).join('\n')).toMatch(
      /does not satisfy the expected type[^]*vehicleId/,
    );
  });

  it('rejects an exposed component that needs a prop the host does not give', () => {
    expect(errorsIn(VARIANTS.extraRequiredProp.path).join('\n')).toMatch(/does not satisfy the expected type[^]*days/);
  });

  it('rejects a page table entry without its path', () => {
    expect(errorsIn(VARIANTS.pageWithoutPath.path).join('\n')).toMatch(/'path' is missing/);
  });

  it('rejects a page for a role no account has', () => {
    expect(errorsIn(VARIANTS.unknownRole.path).join('\n')).toMatch(/"driver"/);
  });
});
