import { keptPdf } from './kept-pdfs';

/** A database column in memory: what `read` and `keep` see. */
function storedPdf() {
  let stored: Buffer | undefined;
  return {
    read: () => Promise.resolve(stored),
    keep: (pdf: Buffer) => {
      stored ??= pdf;
      return Promise.resolve();
    },
  };
}

describe('keptPdf', () => {
  it('renders a document once for a burst of first requests, then sends what it kept', async () => {
    const column = storedPdf();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Buffer.from(`pdf ${renders}`);
    };
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => keptPdf({ key: 'RNT/2627/000001', render, ...column })),
    );
    expect(burst.map(String)).toEqual(Array(5).fill('pdf 1'));
    expect(String(await keptPdf({ key: 'RNT/2627/000001', render, ...column }))).toBe('pdf 1');
    expect(renders).toBe(1);
  });

  it('renders again after a rendering failed, and never mixes two documents', async () => {
    const column = storedPdf();
    const failing = () => Promise.reject(new Error('font missing'));
    await expect(keptPdf({ key: 'CN/2627/000001', render: failing, ...column })).rejects.toThrow('font missing');
    const render = () => Promise.resolve(Buffer.from('credit note'));
    expect(String(await keptPdf({ key: 'CN/2627/000001', render, ...column }))).toBe('credit note');
    const other = storedPdf();
    const invoice = () => Promise.resolve(Buffer.from('invoice'));
    expect(String(await keptPdf({ key: 'RNT/2627/000002', render: invoice, ...other }))).toBe('invoice');
  });
});
