import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, run after run, read as a viewer reads it: each font's glyph codes through
 * its ToUnicode map. Enough for the PDFs pdfkit writes (one content stream per page, Identity-H
 * fonts, `Tf` then `TJ`); a character its font cannot map comes out as U+FFFD.
 */
export function pdfText(pdf: Buffer): { text: string; fonts: string[] } {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  // Object by object, each stream skipped by its length: its bytes may spell anything.
  const objectStart = /(\d+) 0 obj\s*/g;
  for (let match = objectStart.exec(source); match !== null; match = objectStart.exec(source)) {
    const start = objectStart.lastIndex;
    const end = source.indexOf('endobj', start);
    const streamAt = source.indexOf('stream\n', start);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(match[1]), { dict: source.slice(start, end) });
      objectStart.lastIndex = end;
    } else {
      const dict = source.slice(start, streamAt);
      const from = streamAt + 'stream\n'.length;
      const raw = pdf.subarray(from, from + Number(/\/Length (\d+)/.exec(dict)?.[1]));
      objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
      objectStart.lastIndex = from + raw.length;
    }
  }
  const reference = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);

  const cmaps = new Map<string, Map<number, string>>();
  const fonts: string[] = [];
  for (const { dict } of objects.values()) {
    const fontTable = /\/Font <<([\s\S]*?)>>/.exec(dict)?.[1];
    if (fontTable === undefined) continue;
    for (const [, name = '', id] of fontTable.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))?.dict ?? '';
      fonts.push(/\/BaseFont \/(\S+)/.exec(font)?.[1] ?? '');
      const cmap = objects.get(reference(font, 'ToUnicode'))?.stream?.toString('latin1') ?? '';
      cmaps.set(name, readCmap(cmap));
    }
  }

  let text = '';
  for (const { dict, stream } of objects.values()) {
    if (stream === undefined || dict.includes('/Type') || !/\bTJ\b|\bTj\b/.test(stream.toString('latin1'))) continue;
    let cmap = new Map<number, string>();
    for (const [, font, shown] of stream.toString('latin1').matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (font !== undefined) cmap = cmaps.get(font) ?? new Map<number, string>();
      for (const [, hex = ''] of (shown ?? '').matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let at = 0; at < hex.length; at += 4) text += cmap.get(parseInt(hex.slice(at, at + 4), 16)) ?? '\ufffd';
      }
    }
  }
  return { text, fonts };
}

/** A ToUnicode CMap's `bfrange` (with arrays) and `bfchar` entries, code → text. */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const fromHex = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, ranges = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, first = '', , targets = ''] of ranges.matchAll(/<([0-9a-fA-F]+)> <([0-9a-fA-F]+)> \[([^\]]*)\]/g)) {
      [...targets.matchAll(/<([0-9a-fA-F]+)>/g)].forEach(([, target = ''], offset) =>
        map.set(parseInt(first, 16) + offset, fromHex(target)),
      );
    }
  }
  for (const [, chars = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', target = ''] of chars.matchAll(/<([0-9a-fA-F]+)> <([0-9a-fA-F]+)>/g)) {
      map.set(parseInt(code, 16), fromHex(target));
    }
  }
  return map;
}
