import type { VehicleType } from '@rentora/shared';
import type { Executor } from '../repositories/executor';
import { describeEachEngine } from '../testing/describe-engines';
import { precompiled } from './precompiled';

jest.setTimeout(30_000);

describeEachEngine('precompiled queries on %s', (subject) => {
  const carsOfTypeFrom = precompiled((db: Executor, carType: VehicleType, fromId: number) =>
    db.selectFrom('vehicles').select('slug').where('car_type', '=', carType).where('id', '>=', fromId).orderBy('id'),
  );

  it('runs each call with its own arguments, in their places', async () => {
    const slugs = async (carType: VehicleType, fromId: number) =>
      (await carsOfTypeFrom(subject.app.db, carType, fromId)).map((row) => row.slug);
    const expected = async (carType: VehicleType, fromId: number) =>
      (
        await subject.app.db
          .selectFrom('vehicles')
          .select('slug')
          .where('car_type', '=', carType)
          .where('id', '>=', fromId)
          .orderBy('id')
          .execute()
      ).map((row) => row.slug);
    expect(await slugs('SUV', 1)).toEqual(await expected('SUV', 1));
    expect(await slugs('SUV', 20)).toEqual(await expected('SUV', 20));
    expect(await slugs('Sedan', 5)).toEqual(await expected('Sedan', 5));
    expect(await slugs('Sedan', 5)).not.toEqual(await slugs('SUV', 5));
  });

  it('refuses a query that branches on an argument instead of passing it as a value', async () => {
    const branching = precompiled((db: Executor, carType: VehicleType) =>
      db
        .selectFrom('vehicles')
        .select('slug')
        .where('car_type', '=', carType === 'SUV' ? 'SUV' : 'Sedan'),
    );
    await expect(branching(subject.app.db, 'SUV')).rejects.toThrow('uses 0 of its 1 arguments');
  });
});
