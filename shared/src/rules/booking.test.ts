import type { BookingForm } from '../types';
import { VALID_BOOKING_DETAILS } from '../testing/booking-form';
import { bookingFormMessage, checkBookingForm, isBookingFormValid } from './booking';
import { BOOKING_LIMITS } from './date-range';
import { MESSAGES } from './messages';
import { NOT_PLAIN_TEXT_HINT } from './plain-text';

const TODAY = '2026-12-10';

const validForm: BookingForm = {
  ...VALID_BOOKING_DETAILS,
  pick_up_date: '2026-12-12',
  drop_off_date: '2026-12-15',
};

const check = (changes: Partial<BookingForm>) => checkBookingForm({ ...validForm, ...changes }, TODAY);

describe('checkBookingForm', () => {
  it('accepts a complete, well-formed form', () => {
    expect(checkBookingForm(validForm, TODAY)).toEqual({});
    expect(isBookingFormValid(validForm, TODAY)).toBe(true);
  });

  it.each<keyof BookingForm>([
    'name',
    'age',
    'email',
    'phone_no',
    'address',
    'pincode',
    'pick_up_date',
    'drop_off_date',
  ])('rejects a blank %s', (field) => {
    const errors = check({ [field]: '' });
    expect(Object.keys(errors)).toEqual([field]);
    expect(isBookingFormValid({ ...validForm, [field]: '' }, TODAY)).toBe(false);
  });

  it.each(['name', 'address'] as const)('treats a %s of spaces only as blank', (field) => {
    expect(check({ [field]: '   ' })).toHaveProperty(field);
  });

  it.each([
    ['0', false],
    ['1', true],
    ['119', true],
    ['120', false],
    ['-1', false],
    ['abc', false],
    ['0x10', false],
    ['1e2', false],
    ['34.5', false],
  ])('age %s → valid %s', (age, valid) => {
    expect(check({ age }).age === undefined).toBe(valid);
  });

  it('hints differently at an age out of range than at a missing one', () => {
    expect(check({ age: '120' }).age).toBe('Age must be between 1 and 119.');
    expect(check({ age: '' }).age).toBe('Enter the driver’s age.');
  });

  it.each([
    ['987654321', false],
    ['9876543210', true],
    ['98765432101', false],
    ['98765abcde', false],
    ['98765 4321', false],
    ['+919876543', false],
  ])('phone number %s → valid %s', (phone_no, valid) => {
    expect(check({ phone_no }).phone_no === undefined).toBe(valid);
  });

  it.each([
    ['56000', false],
    ['560001', true],
    ['5600011', false],
    ['56O001', false],
    ['560 01', false],
  ])('pin code %s → valid %s', (pincode, valid) => {
    expect(check({ pincode }).pincode === undefined).toBe(valid);
  });

  it.each([
    ['asha@example.com', true],
    ['asha rao@example.com', false],
    [' asha@example.com', false],
    ['asha@example.com ', false],
    ['asha@example', false],
    ['asha.example.com', false],
    ['asha@@example.com', false],
  ])('email %j → valid %s', (email, valid) => {
    expect(check({ email }).email === undefined).toBe(valid);
  });

  it('rejects a pick-up after the drop-off, on the drop-off field', () => {
    const errors = check({ pick_up_date: '2026-12-16', drop_off_date: '2026-12-15' });
    expect(errors).toEqual({ drop_off_date: 'Drop-off must be on or after pick-up.' });
  });

  it('accepts a one-day rental (pick-up and drop-off on the same day)', () => {
    expect(check({ pick_up_date: '2026-12-15', drop_off_date: '2026-12-15' })).toEqual({});
  });

  it('rejects a pick-up in the past and accepts one today', () => {
    expect(check({ pick_up_date: '2026-12-09' })).toEqual({ pick_up_date: 'Pick-up cannot be in the past.' });
    expect(check({ pick_up_date: TODAY })).toEqual({});
  });

  it('accepts a rental of 30 days and rejects one of 31, on the drop-off field', () => {
    expect(check({ pick_up_date: '2026-12-12', drop_off_date: '2027-01-10' })).toEqual({});
    expect(check({ pick_up_date: '2026-12-12', drop_off_date: '2027-01-11' })).toEqual({
      drop_off_date: 'A rental can last at most 30 days.',
    });
    expect(check({ pick_up_date: '2026-12-12', drop_off_date: '9999-12-31' })).toEqual({
      drop_off_date: 'A rental can last at most 30 days.',
    });
  });

  it('accepts a pick-up 180 days ahead and rejects one 181 days ahead, on the pick-up field', () => {
    expect(check({ pick_up_date: '2027-06-08', drop_off_date: '2027-06-09' })).toEqual({});
    expect(check({ pick_up_date: '2027-06-09', drop_off_date: '2027-06-10' })).toEqual({
      pick_up_date: 'Pick-up must be within the next 180 days.',
    });
  });

  it('names a broken limit as the message only when it is the only problem', () => {
    expect(bookingFormMessage({ drop_off_date: BOOKING_LIMITS.tooLong })).toBe(BOOKING_LIMITS.tooLong);
    expect(
      bookingFormMessage({ pick_up_date: BOOKING_LIMITS.tooFarAhead, drop_off_date: BOOKING_LIMITS.tooLong }),
    ).toBe(BOOKING_LIMITS.tooFarAhead);
    expect(bookingFormMessage({ name: 'Enter the driver’s name.', drop_off_date: BOOKING_LIMITS.tooLong })).toBe(
      MESSAGES.invalidBookingForm,
    );
    expect(bookingFormMessage({ pincode: 'Enter exactly 6 digits.' })).toBe(MESSAGES.invalidBookingForm);
  });

  it('rejects dates that are not real calendar days or not YYYY-MM-DD', () => {
    expect(check({ drop_off_date: '2027-02-30' })).toHaveProperty('drop_off_date');
    expect(check({ pick_up_date: '12/12/2026' })).toHaveProperty('pick_up_date');
  });

  it('reports every wrong field at once', () => {
    const errors = checkBookingForm(
      {
        name: '',
        age: '0',
        email: 'a b@c.d',
        phone_no: '1',
        address: '',
        pincode: '1',
        pick_up_date: '',
        drop_off_date: '',
      },
      TODAY,
    );
    expect(Object.keys(errors).sort()).toEqual(
      ['address', 'age', 'drop_off_date', 'email', 'name', 'phone_no', 'pick_up_date', 'pincode'].sort(),
    );
  });
});

describe('checkBookingForm on text a reader cannot see', () => {
  it.each(['name', 'email', 'address'] as const)('hints at hidden characters pasted into the %s', (field) => {
    const pasted = { name: 'Asha \u202EVerma', email: 'asha\u200B@example.com', address: '12 MG Road\u0007' }[field];
    expect(check({ [field]: pasted })).toEqual({ [field]: NOT_PLAIN_TEXT_HINT });
  });

  it('keeps ordinary spaces and every script', () => {
    expect(check({ name: 'Åsa  Nøkkel', address: 'ಮನೆ 7,  Indiranagar' })).toEqual({});
  });
});
