import {
  BookedDates,
  Button,
  CarImage,
  Eyebrow,
  Stars,
  type VehicleDetail as VehicleDetailData,
  WAITS_FOR_FONTS_ATTRIBUTE,
} from '@rentora/shared';
import { Calendar, dayPriceOf } from '@rentora/shared/calendar';
import { $search, $token, modalIntent, openAuth, openBookRide, useBusinessToday, useStore } from '@rentora/state';
import { useState, type ReactNode } from 'react';
import { PriceRules, useCarPrices } from './car-prices';
import { ImagePreview } from './image-preview';
import { SpecsTable } from './specs-table';
import styles from './vehicle-detail.module.css';

/** The car's page: its pure parts (`CarLayout`) with the parts the reader's session decides. */
export function VehicleDetail({ vehicle }: { vehicle: VehicleDetailData }) {
  // The token, not the user, decides: it is there at once, while the user is still loading.
  const token = useStore($token);
  const [previewOpen, setPreviewOpen] = useState(false);
  const loggedIn = Boolean(token);
  const search = useStore($search);
  const today = useBusinessToday();
  // The range a dated search chose, shown on the calendar and carried into the wizard.
  const searched = search.pick_up_date && search.drop_off_date ? search : undefined;
  const prices = useCarPrices(vehicle._id);

  return (
    <CarLayout
      vehicle={vehicle}
      onOpenPhoto={() => setPreviewOpen(true)}
      rating={<Stars rating={vehicle.customer_ratings} className={styles.rating} />}
      booking={
        <Button
          size="lg"
          className={styles.bookButton}
          disabled={!loggedIn || !vehicle.availability}
          onClick={() => openBookRide(vehicle._id)}
          {...modalIntent('book')}
        >
          {vehicle.availability ? 'Book A Ride' : 'Unavailable'}
        </Button>
      }
      prompt={
        !loggedIn && (
          <p className={styles.prompt}>
            You're not logged in.{' '}
            <button type="button" className={styles.linkButton} onClick={openAuth} {...modalIntent('auth')}>
              Register here!
            </button>
          </p>
        )
      }
      calendar={
        <>
          <BookedDates booked={vehicle.booked} today={today} className={styles.booked} />
          <Calendar
            label="Availability"
            today={today}
            booked={vehicle.booked}
            selected={searched && { pick_up_date: searched.pick_up_date, drop_off_date: searched.drop_off_date }}
            priceOf={prices && dayPriceOf(prices, today)}
            className={styles.calendar}
          />
          {prices && <PriceRules prices={prices} today={today} />}
        </>
      }
      after={
        <>
          <SpecsTable vehicle={vehicle} />
          {previewOpen && <ImagePreview vehicle={vehicle} onClose={() => setPreviewOpen(false)} />}
        </>
      }
    />
  );
}

export interface CarLayoutProps {
  /** The car's own fields: its photo, names, description, price and city. */
  vehicle: Pick<
    VehicleDetailData,
    'car_name' | 'image_url' | 'location' | 'brand_name' | 'description' | 'price_per_day'
  >;
  onOpenPhoto: () => void;
  rating: ReactNode;
  booking: ReactNode;
  prompt: ReactNode;
  calendar: ReactNode;
  /** Below the two columns: the specs, the photo's preview. */
  after?: ReactNode;
}

/** The car's page with its pure parts in place and the others where the page puts them. */
export function CarLayout({ vehicle, onOpenPhoto, rating, booking, prompt, calendar, after }: CarLayoutProps) {
  return (
    <article className={styles.page}>
      <title>{`${vehicle.car_name} - Rentora`}</title>
      <div className={styles.layout}>
        <div className={styles.media}>
          <button
            type="button"
            className={styles.imageButton}
            onClick={onOpenPhoto}
            aria-label={`View ${vehicle.car_name} full screen`}
          >
            <CarImage
              src={vehicle.image_url}
              alt=""
              width={760}
              sizes="(max-width: 899px) calc(100vw - 2.5rem), 640px"
              loading="eager"
              fetchPriority="high"
            />
            <span className={styles.expandHint} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="18" height="18">
                <path
                  d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </span>
          </button>
          <p className={styles.location}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
              <circle cx="12" cy="10" r="2.4" fill="currentColor" />
            </svg>
            <span className="visually-hidden">Location: </span>
            {vehicle.location}
          </p>
        </div>

        {/* A car's name and description have no set lines: painted from HTML, they wait for the web fonts (base.css). */}
        <div className={styles.summary} {...{ [WAITS_FOR_FONTS_ATTRIBUTE]: '' }}>
          <Eyebrow tone="soft" ruled>
            {vehicle.brand_name}
          </Eyebrow>
          <h1 className={styles.name}>{vehicle.car_name}</h1>
          {rating}
          <p className={styles.description}>{vehicle.description}</p>

          <div className={styles.booking}>
            <p className={styles.price}>
              <span className={styles.amount}>{`₹${vehicle.price_per_day}`}</span>
              <span className={styles.perDay}>/day</span>
            </p>
            {booking}
          </div>
          {prompt}
          {calendar}
        </div>
      </div>
      {after}
    </article>
  );
}
