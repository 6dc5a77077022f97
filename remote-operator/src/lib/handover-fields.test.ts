import { pickUpDetails, returnDetails } from './handover-fields';

describe('what the stage call is sent at a hand-over and a return', () => {
  it('sends only what the desk typed at pick-up, the reference trimmed', () => {
    expect(pickUpDetails({ odometer: '', method: '', reference: '' })).toEqual({});
    expect(pickUpDetails({ odometer: '12000', method: 'card', reference: '  slip 0042 ' })).toEqual({
      odometer: 12000,
      deposit: { method: 'card', reference: 'slip 0042' },
    });
  });

  it('leaves the return time to the server’s clock for “just now”, and always says whether the tank was full', () => {
    const draft = { odometer: '', when: 'now', returnedAt: '2026-11-28T10:00', tank: 'not_full' } as const;
    expect(returnDetails(draft, undefined)).toEqual({ tank_full: false });
    expect(returnDetails({ ...draft, odometer: '14120', when: 'earlier' }, '2026-11-28T04:30:00.000Z')).toEqual({
      odometer: 14120,
      returned_at: '2026-11-28T04:30:00.000Z',
      tank_full: false,
    });
  });
});
