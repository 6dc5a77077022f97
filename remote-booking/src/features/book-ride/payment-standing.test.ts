import { paymentStanding } from './use-payment';

const CHECKOUT_RESULT = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

describe('where a payment stands once its hold has ended', () => {
  it('ends a hold nothing was paid for: nothing more can be paid', () => {
    expect(paymentStanding({ kind: 'dismissed' }, true)).toEqual({
      holdEnded: true,
      busy: false,
      finished: true,
      settled: 'ended',
    });
  });

  it('keeps a payment made but not yet confirmed open to another check, never told “nothing was charged”', () => {
    const unconfirmed = {
      kind: 'unconfirmed' as const,
      message: 'Your payment went through, but we could not confirm it.',
      result: CHECKOUT_RESULT,
      key: 'key-1',
    };
    expect(paymentStanding(unconfirmed, true)).toEqual({
      holdEnded: false,
      busy: false,
      finished: false,
      settled: 'unconfirmed',
    });
  });

  it('lets Checkout open as the hold ends finish, and a confirmed payment stand', () => {
    expect(paymentStanding({ kind: 'open' }, true)).toMatchObject({ holdEnded: false, busy: true, finished: false });
    expect(paymentStanding({ kind: 'paid', message: 'Payment received.' }, true)).toMatchObject({
      holdEnded: false,
      finished: true,
    });
  });
});
