import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import arial from '@capsizecss/metrics/arial';
import fraunces from '@capsizecss/metrics/fraunces';
import inter from '@capsizecss/metrics/inter';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import subsetFont from 'subset-font';
import { findRepoRoot } from '../launch/repo';

/**
 * `npm run fonts`: writes the product's two typefaces, cut down to the characters and weights
 * it uses, into shared/src/styles/fonts/, and fonts.css with metric-matched fallbacks, so a
 * first visit downloads about a third of the bytes and the swap to the web font moves nothing.
 * The output is committed: builds and tests never need this script.
 */

/**
 * Printable ASCII plus the typographic marks the product's texts use (a test keeps this list
 * complete). Anything else a user types, such as an accented name, falls back to the system font.
 */
export const TEXT_CHARACTERS =
  String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index)) + '\u00a0©·×‘’“”…–—•−';

/** Characters the Latin files lack; each family gets a tiny second file for them. */
export const SYMBOL_CHARACTERS = '₹';

/** Weights the stylesheets use (--weight-regular … --weight-bold): the variable axis is cut to them. */
const WEIGHTS = { min: 400, max: 700 };

/** The metrics this script reads from @capsizecss/metrics, in font units. */
interface FontMetrics {
  unitsPerEm: number;
  xWidthAvg: number;
  ascent: number;
  descent: number;
  lineGap: number;
}

interface Family {
  /** The CSS family name the tokens use. */
  name: string;
  /** File stem of the output. */
  stem: string;
  /** The @fontsource-variable package the outlines come from. */
  source: string;
  metrics: FontMetrics;
  /** Local fonts with the fallback's metrics, in order of preference. */
  fallback: { name: string; locals: string[]; metrics: FontMetrics };
}

const FAMILIES: Family[] = [
  {
    name: 'Inter Variable',
    stem: 'inter',
    source: '@fontsource-variable/inter/files/inter',
    metrics: inter,
    fallback: { name: 'Inter Fallback', locals: ['Arial', 'Liberation Sans', 'Arimo', 'Helvetica'], metrics: arial },
  },
  {
    name: 'Fraunces Variable',
    stem: 'fraunces',
    source: '@fontsource-variable/fraunces/files/fraunces',
    metrics: fraunces,
    fallback: {
      name: 'Fraunces Fallback',
      locals: ['Times New Roman', 'Liberation Serif', 'Tinos', 'Times'],
      metrics: timesNewRoman,
    },
  },
];

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** size-adjust scales the fallback's average glyph width to the web font's; the overrides then match its line box. */
export function fallbackFace(family: Family): string {
  const { metrics, fallback } = family;
  const sizeAdjust =
    metrics.xWidthAvg / metrics.unitsPerEm / (fallback.metrics.xWidthAvg / fallback.metrics.unitsPerEm);
  const scaled = (value: number) => percent(Math.abs(value) / metrics.unitsPerEm / sizeAdjust);
  return [
    '@font-face {',
    `  font-family: '${fallback.name}';`,
    `  src: ${fallback.locals.map((local) => `local('${local}')`).join(', ')};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${scaled(metrics.ascent)};`,
    `  descent-override: ${scaled(metrics.descent)};`,
    `  line-gap-override: ${scaled(metrics.lineGap)};`,
    '}',
  ].join('\n');
}

/** `U+0020-007E, U+00A0-00FF, …`: consecutive code points merged into ranges. */
export function unicodeRange(characters: string): string {
  const codes = [...new Set([...characters].map((character) => character.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const code of codes) {
    const last = ranges.at(-1);
    if (last && code === last[1] + 1) last[1] = code;
    else ranges.push([code, code]);
  }
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

function webFace(family: Family, file: string, characters: string): string {
  return [
    '@font-face {',
    `  font-family: '${family.name}';`,
    '  font-style: normal;',
    '  font-display: swap;',
    `  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`,
    `  src: url('./fonts/${file}') format('woff2');`,
    `  unicode-range: ${unicodeRange(characters)};`,
    '}',
  ].join('\n');
}

/**
 * The API's invoice PDFs embed Inter too, as static TrueType cuts: its PDF library (pdfkit, with
 * fontkit) cannot re-encode WOFF2's composite glyphs (the comma, the colon). Never sent to a browser.
 */
const INVOICE_FONTS = [
  { file: 'invoice-inter-regular.ttf', range: 'latin', characters: TEXT_CHARACTERS, weight: 400 },
  { file: 'invoice-inter-bold.ttf', range: 'latin', characters: TEXT_CHARACTERS, weight: 700 },
  { file: 'invoice-inter-symbols.ttf', range: 'latin-ext', characters: SYMBOL_CHARACTERS, weight: 400 },
] as const;

async function invoiceCut(source: string, characters: string, weight: number): Promise<Buffer> {
  return subsetFont(readFileSync(require.resolve(`${source}-wght-normal.woff2`)), characters, {
    targetFormat: 'truetype',
    variationAxes: { wght: weight },
  });
}

async function subset(source: string, characters: string): Promise<Buffer> {
  return subsetFont(readFileSync(require.resolve(`${source}-wght-normal.woff2`)), characters, {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
  });
}

async function main(): Promise<void> {
  const stylesDir = path.join(findRepoRoot(), 'shared/src/styles');
  mkdirSync(path.join(stylesDir, 'fonts'), { recursive: true });
  const faces: string[] = [];
  for (const family of FAMILIES) {
    const textFile = `${family.stem}-text.woff2`;
    const symbolFile = `${family.stem}-symbols.woff2`;
    writeFileSync(path.join(stylesDir, 'fonts', textFile), await subset(`${family.source}-latin`, TEXT_CHARACTERS));
    writeFileSync(
      path.join(stylesDir, 'fonts', symbolFile),
      await subset(`${family.source}-latin-ext`, SYMBOL_CHARACTERS),
    );
    faces.push(
      webFace(family, textFile, TEXT_CHARACTERS),
      webFace(family, symbolFile, SYMBOL_CHARACTERS),
      fallbackFace(family),
    );
  }
  const inter = FAMILIES.find((family) => family.stem === 'inter');
  for (const cut of INVOICE_FONTS) {
    const bytes = await invoiceCut(`${inter?.source ?? ''}-${cut.range}`, cut.characters, cut.weight);
    writeFileSync(path.join(stylesDir, 'fonts', cut.file), bytes);
  }
  const header = '/* Generated by `npm run fonts` (platform/src/fonts/subset-fonts.ts): do not edit. */';
  writeFileSync(path.join(stylesDir, 'fonts.css'), `${header}\n${faces.join('\n\n')}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
