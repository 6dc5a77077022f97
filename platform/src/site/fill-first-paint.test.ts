import {
  escapeHtml,
  firstPaintDay,
  firstPaintEach,
  firstPaintField,
  firstPaintPlural,
} from '@rentora/shared/first-paint';
import { vehicleSchema } from '@rentora/shared/schemas';
import { fillDays, fillFirstPaint } from './fill-first-paint';

type Car = Record<string, string | number | boolean>;

/** A car as the API lists it: the first of the fleet, with words of its own. */
const FIRST: Car = {
  _id: 'audi-q7',
  id: 1,
  car_name: 'Audi Q7',
  brand_name: 'Audi',
  car_type: 'SUV',
  seating_capacity: 7,
  price_per_day: 9000,
  image_url: 'https://images.example.com/q7.jpeg',
  location: 'Goa',
  customer_ratings: 4.5,
  description: 'The first car’s own description.',
  availability: true,
  model_year: 2024,
  average: 11.2,
  fuel_type: 'Diesel',
  engine: '2995 cc',
  transmission: 'Automatic',
};

/** Stored text that looks like the first-paint protocol's tokens (`@rentora/shared/first-paint`). */
const TOKEN_LIKE = [
  'Zz {data:0.description}',
  '{data:nope}',
  '{url:_id}',
  '{src:image_url}',
  '{data:*.car_name}',
  '{plural:length|# car|# cars}',
];

/** Every text field of a car, by the API's schema: those a value is not checked against a list or a pattern for. */
const TEXT_FIELDS = Object.entries(vehicleSchema.properties)
  .filter(([, schema]) => schema.type === 'string')
  .map(([field]) => field);

/** Whether the API's schema lets a car's `field` hold `value`: not a choice from a list, and of its pattern if it has one. */
function schemaAccepts(field: string, value: string): boolean {
  const schema: Record<string, unknown> = vehicleSchema.properties[field as keyof typeof vehicleSchema.properties];
  return !('enum' in schema) && (typeof schema.pattern !== 'string' || new RegExp(schema.pattern).test(value));
}

/** The first car with `text` in every text field whose schema accepts it (a photo's address keeps its https shape). */
function carSaying(text: string): Car {
  const car: Car = { ...FIRST, _id: 'lexus-ls', id: 2 };
  for (const field of TEXT_FIELDS) {
    const value = field === 'image_url' ? `https://images.example.com/${text}` : text;
    if (schemaAccepts(field, value)) car[field] = value;
  }
  return car;
}

const each = (list: Parameters<typeof firstPaintEach>[0]) =>
  Object.entries(firstPaintEach(list))
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');

/** A field of `car` as text, as the first paint writes it. */
const shown = (car: Car, field: string) => escapeHtml(String(car[field]));

describe('fillFirstPaint: a first paint filled with the page’s data in one pass', () => {
  it('puts the text in every text field of a car the API’s schema lets hold it', () => {
    const car = carSaying('{data:nope}');
    expect(TEXT_FIELDS.filter((field) => car[field] === '{data:nope}')).toEqual([
      'car_name',
      'brand_name',
      'location',
      'description',
      'fuel_type',
      'engine',
      'transmission',
    ]);
    expect(car.image_url).toBe('https://images.example.com/{data:nope}');
  });

  it.each(TOKEN_LIKE)('writes a car’s text %p as it is in the fleet’s lists, its cities and counts', (text) => {
    const car = carSaying(text);
    const fleet = [FIRST, car];
    const paint =
      `<p>${firstPaintPlural('length', '# Result', '# Results')}</p><ul>` +
      `<template ${each({ path: '' })}><li>` +
      TEXT_FIELDS.map((field) => `<span>${firstPaintField(`*.${field}`)}</span>`).join('') +
      `<a href="/vehicles/{url:*._id}">Details</a><img src="{src:*.image_url}?w=640" alt=""></li></template></ul>` +
      `<select><template ${each({ path: '', groupBy: 'location' })}>` +
      `<option value="${firstPaintField('*.key')}">${firstPaintField('*.key')} (${firstPaintPlural('*.count', '# car', '# cars')})</option>` +
      `</template></select>`;

    const cities = [FIRST, car]
      .map((entry) => String(entry.location))
      .sort((a, b) => a.localeCompare(b))
      .map((city) => `<option value="${escapeHtml(city)}">${escapeHtml(city)} (1 car)</option>`)
      .join('');
    expect(fillFirstPaint(paint, fleet)).toBe(
      `<p>2 Results</p><ul>` +
        fleet
          .map(
            (entry) =>
              `<li>${TEXT_FIELDS.map((field) => `<span>${shown(entry, field)}</span>`).join('')}` +
              `<a href="/vehicles/${escapeHtml(encodeURIComponent(String(entry._id)))}">Details</a>` +
              `<img src="${shown(entry, 'image_url')}?w=640" alt=""></li>`,
          )
          .join('') +
        `</ul><select>${cities}</select>`,
    );
  });

  it.each(TOKEN_LIKE)('writes a car’s text %p as it is on the car’s own page', (text) => {
    const car = carSaying(text);
    const paint =
      `<title>${firstPaintField('car_name')} - Rentora</title>` +
      TEXT_FIELDS.map((field) => `<p>${firstPaintField(field)}</p>`).join('') +
      `<img src="{src:image_url}?w=640" alt="">`;
    expect(fillFirstPaint(paint, car)).toBe(
      `<title>${shown(car, 'car_name')} - Rentora</title>` +
        TEXT_FIELDS.map((field) => `<p>${shown(car, field)}</p>`).join('') +
        `<img src="${shown(car, 'image_url')}?w=640" alt="">`,
    );
  });

  it('still paints nothing when the data cannot fill one of the page’s own tokens', () => {
    expect(fillFirstPaint(`<p>${firstPaintField('0.car_name')}</p>`, [])).toBeUndefined();
    expect(fillFirstPaint(`<p>${firstPaintField('*.car_name')}</p>`, [FIRST])).toBeUndefined();
    expect(
      fillFirstPaint(`<ul><template ${each({ path: 'cars' })}><li>x</li></template></ul>`, [FIRST]),
    ).toBeUndefined();
  });
});

describe('firstPaintDay: a day of a page’s HTML, counted from the server’s today', () => {
  it('is a token for the server, never a day of the build', () => {
    expect([firstPaintDay(0), firstPaintDay(180)]).toEqual(['{day:+0}', '{day:+180}']);
  });

  it('counts whole days from today onwards only', () => {
    for (const days of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => firstPaintDay(days)).toThrow(RangeError);
    }
  });
});

describe('fillDays: the day tokens of a page’s HTML written as the days they count from today', () => {
  const fields =
    `<input type="date" name="pick_up_date" min="${firstPaintDay(0)}" max="${firstPaintDay(180)}">` +
    `<input type="date" name="drop_off_date" min="${firstPaintDay(0)}">`;

  it('writes each as the day that many days after today, across a month’s and a year’s end', () => {
    expect(fillDays(fields, '2026-12-31')).toBe(
      '<input type="date" name="pick_up_date" min="2026-12-31" max="2027-06-29">' +
        '<input type="date" name="drop_off_date" min="2026-12-31">',
    );
    expect(fillDays(`<p>${firstPaintDay(1)}</p>`, '2028-02-28')).toBe('<p>2028-02-29</p>');
  });

  it('leaves HTML with no day token as it is, its other tokens for the data', () => {
    const html = `<h2>${firstPaintField('*.car_name')}</h2><p>{day:1} {day:-1}</p>`;
    expect(fillDays(html, '2026-11-28')).toBe(html);
  });

  it('goes before the data, so a car’s text that reads like a day token is shown as written', () => {
    const html = `<input type="date" min="${firstPaintDay(0)}"><h2>${firstPaintField('0.car_name')}</h2>`;
    expect(fillFirstPaint(fillDays(html, '2026-11-28'), [{ ...FIRST, car_name: firstPaintDay(1) }])).toBe(
      `<input type="date" min="2026-11-28"><h2>${firstPaintDay(1)}</h2>`,
    );
  });
});
