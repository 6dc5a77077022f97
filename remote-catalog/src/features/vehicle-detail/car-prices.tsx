import {
  formatDisplayDate,
  formatRupees,
  sortDatePrices,
  sortLengthDiscounts,
  type VehiclePrices,
} from '@rentora/shared';
import { readStore, useStore } from '@rentora/state';
import styles from './car-prices.module.css';

/** The car's pricing rules (`GET /api/vehicles/{id}/prices`): its date prices, length discounts and deposit. */
export function useCarPrices(vehicleId: string): VehiclePrices | undefined {
  return useStore(readStore<VehiclePrices>(`/api/vehicles/${encodeURIComponent(vehicleId)}/prices`)).data;
}

/** What the car's rules mean for a renter: the special prices to come, the length discounts and the deposit. */
export function PriceRules({ prices, today }: { prices: VehiclePrices; today: string }) {
  const upcoming = sortDatePrices(prices.date_prices.filter((range) => range.end_date >= today));
  const discounts = sortLengthDiscounts(prices.length_discounts);
  if (upcoming.length === 0 && discounts.length === 0 && prices.deposit === 0) return null;
  return (
    <section className={styles.rules} aria-label="Prices and discounts">
      {upcoming.length > 0 && (
        <div className={styles.group}>
          <h2 className={styles.heading}>Special prices</h2>
          <ul className={styles.list}>
            {upcoming.map((range) => (
              <li key={range.start_date} className={styles.row}>
                <span>
                  {range.start_date === range.end_date
                    ? formatDisplayDate(range.start_date)
                    : `${formatDisplayDate(range.start_date)} to ${formatDisplayDate(range.end_date)}`}
                </span>
                <span className={styles.value}>{formatRupees(range.price_per_day)}/day</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {discounts.length > 0 && (
        <div className={styles.group}>
          <h2 className={styles.heading}>Longer rentals cost less</h2>
          <ul className={styles.list}>
            {discounts.map((tier) => (
              <li key={tier.min_days} className={styles.row}>
                <span>{tier.min_days} days or more</span>
                <span className={styles.value}>{tier.percent}% off</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {prices.deposit > 0 && (
        <p className={styles.deposit}>
          <span>Deposit {formatRupees(prices.deposit)}</span>
          <span className={styles.terms}>refundable, paid at pick-up</span>
        </p>
      )}
    </section>
  );
}
