import { setWithinBound } from './bounded-map';

describe('setWithinBound', () => {
  it('drops the oldest entry to make room, and never holds more than the bound', () => {
    const map = new Map<string, number>();
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) setWithinBound(map, key, index, 3);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });

  it('makes a key set again the newest, so it outlives the keys set since its first setting', () => {
    const map = new Map<string, number>();
    setWithinBound(map, 'a', 1, 2);
    setWithinBound(map, 'b', 2, 2);
    setWithinBound(map, 'a', 3, 2);
    setWithinBound(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
