import { checkAuthFields } from './auth';
import { NOT_PLAIN_TEXT_HINT, isPlainText, oneLine } from './plain-text';

describe('isPlainText', () => {
  it.each([
    ['a right-to-left override', 'Asha \u202EamreV'],
    ['a left-to-right isolate', 'Asha \u2066Verma\u2069'],
    ['a line break', 'Line one\nline two'],
    ['a carriage return', 'Line one\rline two'],
    ['a tab', 'Asha\tVerma'],
    ['a C0 control', 'Asha\u0007'],
    ['a C1 control', 'Asha\u0085'],
    ['a zero-width space', 'Asha\u200BVerma'],
    ['a byte-order mark', '\uFEFFAsha'],
    ['a line separator', 'Asha\u2028Verma'],
    ['half of a surrogate pair', 'Asha\uD83D'],
    ['the other half alone', '\uDE00Asha'],
  ])('refuses %s', (_, value) => {
    expect(isPlainText(value)).toBe(false);
  });

  it.each([
    ['ordinary spaces', '  Asha  Verma  '],
    ['a no-break space', 'Rs\u00A0500'],
    ['Devanagari', 'आशा वर्मा'],
    ['Kannada', 'ಮನೆ 7, ಇಂದಿರಾನಗರ'],
    ['an emoji (a whole surrogate pair)', 'Rentora 😀'],
    ['punctuation', '12/B, MG Road — Bengaluru (560001)'],
  ])('keeps %s', (_, value) => {
    expect(isPlainText(value)).toBe(true);
  });
});

describe('oneLine', () => {
  it('joins the lines a multi-line box holds, each trimmed, blank ones dropped', () => {
    expect(oneLine('12 MG Road \r\n\n  Bengaluru\r560001\u2028India', ', ')).toBe(
      '12 MG Road, Bengaluru, 560001, India',
    );
    expect(oneLine('New tyres\nfitted')).toBe('New tyres fitted');
  });

  it('leaves other hidden characters for the rule to refuse', () => {
    expect(isPlainText(oneLine('Asha\u202E\nVerma'))).toBe(false);
  });
});

describe('checkAuthFields on text a reader cannot see', () => {
  it('hints at hidden characters in the name and the email, not in the password', () => {
    expect(
      checkAuthFields({
        name: 'Asha\u202E Verma',
        email: 'asha\u200B@example.com',
        password: 'tab\there-is-fine',
        avatar: 'avatar1',
      }),
    ).toEqual({ name: NOT_PLAIN_TEXT_HINT, email: NOT_PLAIN_TEXT_HINT });
  });
});
