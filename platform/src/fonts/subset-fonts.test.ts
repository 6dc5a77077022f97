import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../launch/repo';
import { SYMBOL_CHARACTERS, TEXT_CHARACTERS, unicodeRange } from './subset-fonts';

/** Marks no font file of ours carries: the system font draws the arrows and the emoji; § and ✕ are in comments only. */
const SYSTEM_DRAWN = new Set(['→', '↔', '🌟', '§', '✕']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return entry === 'node_modules' || entry === 'dist' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [file] : [];
  });
}

describe('the subset fonts', () => {
  it('carry every character the product’s texts and the fleet’s facts use', () => {
    const root = findRepoRoot();
    const texts = ['host', 'remote-catalog', 'remote-booking', 'remote-account', 'remote-operator', 'shared', 'state']
      .flatMap((workspace) => sourceFiles(path.join(root, workspace, 'src')))
      .concat(path.join(root, 'api/src/db/fleet-seed.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('');
    const carried = new Set([...TEXT_CHARACTERS, ...SYMBOL_CHARACTERS]);
    const missing = [...new Set(texts)].filter(
      (character) => character >= ' ' && !carried.has(character) && !SYSTEM_DRAWN.has(character),
    );
    expect(missing).toEqual([]);
  });

  it('describe their characters as compact unicode ranges', () => {
    expect(unicodeRange('abcz₹')).toBe('U+0061-0063, U+007A, U+20B9');
  });
});
