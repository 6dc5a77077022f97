import { longTasksBySource, median, sourceOf } from './long-tasks';

const PAGE = 'http://localhost:4800/vehicles';
const APPS = { 'http://localhost:4800': 'host', 'http://localhost:4801': 'catalog' };

describe('sourceOf', () => {
  it('names the document (its inline scripts, parsing and style), an app’s chunk, and what Chromium could not attribute', () => {
    expect(sourceOf(PAGE, PAGE, APPS)).toBe('the document');
    expect(sourceOf('http://localhost:4800/main.70b6a116.js', PAGE, APPS)).toBe('host main.70b6a116.js');
    expect(sourceOf('http://localhost:4801/remoteEntry.js', PAGE, APPS)).toBe('catalog remoteEntry.js');
    expect(sourceOf('Unattributable', PAGE, APPS)).toBe('unattributed');
    expect(sourceOf('Browser GC', PAGE, APPS)).toBe('browser');
    expect(sourceOf('https://cdn.example.com/x.js', PAGE, APPS)).toBe('https://cdn.example.com/x.js');
  });
});

describe('longTasksBySource', () => {
  it('sums each source’s tasks and the time each blocks past 50 ms, the most blocking first', () => {
    const sums = longTasksBySource(
      [
        { url: PAGE, duration: 120, startTime: 300 },
        { url: 'http://localhost:4800/main.js', duration: 60, startTime: 500 },
        { url: PAGE, duration: 80, startTime: 900 },
        { url: 'Unattributable', duration: 55, startTime: 1200 },
      ],
      PAGE,
      APPS,
    );
    expect(sums).toEqual([
      { source: 'the document', tasks: 2, totalMs: 200, blockingMs: 100 },
      { source: 'host main.js', tasks: 1, totalMs: 60, blockingMs: 10 },
      { source: 'unattributed', tasks: 1, totalMs: 55, blockingMs: 5 },
    ]);
  });
});

describe('median', () => {
  it('takes the middle run, the lower of two middles', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2);
  });
});
