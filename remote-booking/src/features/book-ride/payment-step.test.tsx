import { render, screen } from '@testing-library/react';
import { formatTimeOfDay, type BookingPayment } from '@rentora/shared';
import { HOLD_ENDED, PaymentStep } from './payment-step';

/** A held booking's payment as the API answers it (its order and hold), for the states the API cannot be made to reach on demand. */
const payment: BookingPayment = {
  id: 7,
  order_id: 'order_standin0001',
  amount_paise: 21_900_000,
  currency: 'INR',
  key_id: 'rzp_test_standin0000001',
  gateway: 'standin',
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  checkout_script: 'http://localhost:3005/v1/checkout.js',
};
const HELD = 'Rolls-Royce Ghost is held for you: pay within 15 minutes to confirm it.';

describe('PaymentStep', () => {
  it('says a payment that came after the hold went back by itself, with no amount to pay', () => {
    const message =
      'Your payment arrived after the dates’ hold ended, and they have been booked since: the ₹2,19,000.00 is being refunded to you. Nothing is booked.';
    render(<PaymentStep payment={payment} heldMessage={HELD} stage={{ kind: 'lapsed', message }} holdEnded={false} />);

    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: message })).toBeInTheDocument();
    expect(screen.queryByText('To pay now')).not.toBeInTheDocument();
  });

  it('says when the hold ran out before anything was paid', () => {
    render(<PaymentStep payment={payment} heldMessage={HELD} stage={{ kind: 'dismissed' }} holdEnded />);

    expect(screen.getByRole('status')).toHaveTextContent(HOLD_ENDED);
    expect(screen.queryByText('To pay now')).not.toBeInTheDocument();
  });

  it('shows the amount, the hold and where the payment stands while it is due', () => {
    render(
      <PaymentStep
        payment={payment}
        heldMessage={HELD}
        stage={{
          kind: 'unconfirmed',
          message: 'We could not confirm your payment just now.',
          result: {
            razorpay_order_id: payment.order_id,
            razorpay_payment_id: 'pay_1',
            razorpay_signature: 'signed',
          },
          key: 'k',
        }}
        holdEnded={false}
      />,
    );

    expect(screen.getByRole('region', { name: 'Pay to confirm your booking' })).toHaveTextContent(HELD);
    expect(screen.getByText('To pay now').nextSibling).toHaveTextContent('₹2,19,000');
    expect(screen.getByText(`Dates held until ${formatTimeOfDay(payment.expires_at)}`)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We could not confirm your payment just now.');
  });
});
