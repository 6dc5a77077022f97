import type { CustomerRental, IssuedInvoice } from '@rentora/shared';
import { describeEachEngine } from '../../../testing/describe-engines';
import { KARNATAKA_BUSINESS, moneyCalls } from '../../../testing/money';
import { pdfText } from '../../../testing/pdf-text';
import { testConfig } from '../../../testing/test-config';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';

jest.setTimeout(30_000);

const PDFS_PER_USER = 3;
const LONG_NAME = 'Anantharamakrishnan Venkatasubramanian Padmanabhan Iyer';
const LONG_ADDRESS = `Flat 12, ${'Sri Lakshmi Narasimha Residency, '.repeat(14)}Jayanagar, Bengaluru`.slice(0, 500);

describeEachEngine(
  'invoice PDFs on %s',
  (subject) => {
    let admin: Record<string, string>;
    beforeAll(async () => {
      admin = (await createStaff(subject.app, 'admin')).auth;
      await moneyCalls(subject, { admin }).setSettings(KARNATAKA_BUSINESS);
    });

    /** A completed rental of a renter with a long name and a 500-character address. */
    async function invoicedRental() {
      const carId = await moneyCalls(subject, { admin }).addCar({ price_per_day: 9_000 });
      const rider = await createUser(subject.app);
      const form = bookingForm({ pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(1) });
      const booked = await subject.call('POST', `/api/book-ride/${carId}`, {
        headers: rider.auth,
        body: { ...form, name: LONG_NAME, address: LONG_ADDRESS },
      });
      if (booked.status !== 201) throw new Error(booked.message);
      const [rental] = (await subject.call('GET', '/api/rentals', { headers: rider.auth })).body as CustomerRental[];
      for (const to of ['picked_up', 'completed']) {
        await subject.call('POST', `/api/operator/bookings/${rental?.id}/stage`, { headers: admin, body: { to } });
      }
      return { id: rental?.id ?? 0, rider };
    }

    const pdfOf = (id: number, headers: Record<string, string>) =>
      fetch(`${urlOf(subject)}/api/rentals/${id}/invoice.pdf`, { headers });

    it('renders an invoice’s PDF once, keeps it, and sends it again with its ETag', async () => {
      const { id, rider } = await invoicedRental();
      const first = await pdfOf(id, rider.auth);
      const etag = first.headers.get('etag');
      expect([first.status, etag, first.headers.get('cache-control')]).toEqual([
        200,
        expect.stringMatching(/^"[\w-]{27}"$/),
        'private, no-cache',
      ]);
      const bytes = Buffer.from(await first.arrayBuffer());
      const { text } = pdfText(bytes);
      // The long address wraps on the page: its end is printed too.
      for (const part of [LONG_NAME, 'Jayanagar, Bengaluru']) expect(text.replaceAll('\n', ' ')).toContain(part);

      // Were it rendered again, this would show: the kept bytes are sent instead.
      const stored = await subject.app.db
        .selectFrom('invoices')
        .select('body')
        .where('rental_id', '=', id)
        .executeTakeFirstOrThrow();
      const issued = JSON.parse(stored.body) as IssuedInvoice;
      await subject.app.db
        .updateTable('invoices')
        .set({ body: JSON.stringify({ ...issued, buyer: { ...issued.buyer, name: 'Someone Else' } }) })
        .where('rental_id', '=', id)
        .execute();
      const second = await pdfOf(id, admin);
      expect(second.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);

      const cached = await pdfOf(id, { ...rider.auth, 'if-none-match': etag ?? '' });
      expect([cached.status, await cached.text()]).toEqual([304, '']);
    });

    it('renders an invoice’s PDF as it is issued, before anyone asks for it', async () => {
      const { id } = await invoicedRental();
      const keptPdf = () =>
        subject.app.db.selectFrom('invoices').select('pdf').where('rental_id', '=', id).executeTakeFirstOrThrow();
      const deadline = Date.now() + 10_000;
      let kept = await keptPdf();
      while (kept.pdf === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        kept = await keptPdf();
      }
      expect(
        Buffer.from(kept.pdf ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    });

    it(`gives one user ${PDFS_PER_USER} PDFs a window, then 429 with Retry-After; others and the JSON go on`, async () => {
      const { id, rider } = await invoicedRental();
      for (let index = 0; index < PDFS_PER_USER; index += 1) expect((await pdfOf(id, rider.auth)).status).toBe(200);
      const refused = await pdfOf(id, rider.auth);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts/);
      expect((await subject.call('GET', `/api/rentals/${id}/invoice`, { headers: rider.auth })).status).toBe(200);
      expect((await pdfOf(id, (await createStaff(subject.app, 'operator')).auth)).status).toBe(200);
    });
  },
  {
    rateLimit: { ...testConfig('').rateLimit, documentsPerUser: PDFS_PER_USER },
  },
);

/** The listening app's base URL, for a request whose raw bytes and headers matter. */
function urlOf(subject: { app: { server: { address(): unknown } } }): string {
  const address = subject.app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}
