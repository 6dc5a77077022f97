import { paddedJpeg } from './image-host';

/** A JPEG's markers, in order, from its start: SOI, then each segment's marker up to SOS. */
function markers(jpeg: Buffer): number[] {
  const found = [jpeg.readUInt16BE(0)];
  for (let at = 2; at < jpeg.length;) {
    const marker = jpeg.readUInt16BE(at);
    found.push(marker);
    if (marker === 0xffda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return found;
}

// SOI, an APP0 segment, SOS with its image data, EOI: the shape of Chromium's screenshots.
const photo = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, 0xff, 0xda, 0x00, 0x02, 0x12, 0x34, 0xff, 0xd9,
]);

describe('paddedJpeg', () => {
  it.each([1000, 65_540, 200_000])('weighs %i bytes, as a real photo would', (bytes) => {
    expect(paddedJpeg(photo, bytes)).toHaveLength(bytes);
  });

  it('adds only comment segments after the start, keeping the picture’s own bytes as they were', () => {
    const padded = paddedJpeg(photo, 150_000);
    const found = markers(padded);
    expect(found[0]).toBe(0xffd8);
    expect(found.slice(1, -2).every((marker) => marker === 0xfffe)).toBe(true);
    expect(found.slice(-2)).toEqual([0xffe0, 0xffda]);
    expect(padded.subarray(padded.length - (photo.length - 2))).toEqual(photo.subarray(2));
  });

  it('leaves a photo already that heavy as it is', () => {
    expect(paddedJpeg(photo, 10)).toEqual(photo);
  });
});
