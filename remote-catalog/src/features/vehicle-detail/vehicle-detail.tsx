import {
  BookedDates,
  Button,
  CarImage,
  Eyebrow,
  Skeleton,
  Stars,
  businessToday,
  type VehicleDetail as VehicleDetailData,
} from '@rentora/shared';
import { Calendar } from '@rentora/shared/calendar';
import { $search, $token, modalIntent, openAuth, openBookRide, useStore } from '@rentora/state';
import { useState } from 'react';
import { ImagePreview } from './image-preview';
import { SpecsTable } from './specs-table';
import styles from './vehicle-detail.module.css';

export interface VehicleDetailProps {
  vehicle: VehicleDetailData;
  /**
   * The page as the HTML paints it before the catalog's code runs (docs/architecture.md §2):
   * the car's text and photo where the page shows them, skeletons where the reader's session
   * or the car's calendar decide (rating, booking button, prompt, calendar), no specs.
   */
  firstPaint?: boolean;
}

export function VehicleDetail({ vehicle, firstPaint = false }: VehicleDetailProps) {
  // The token, not the user, decides: it is there at once, while the user is still loading.
  const token = useStore($token);
  const [previewOpen, setPreviewOpen] = useState(false);
  const loggedIn = Boolean(token);
  const search = useStore($search);
  const today = businessToday();
  // The range a dated search chose, shown on the calendar and carried into the wizard.
  const searched = search.pick_up_date && search.drop_off_date ? search : undefined;

  return (
    <article className={styles.page}>
      <title>{`${vehicle.car_name} - Rentora`}</title>
      <div className={styles.layout}>
        <div className={styles.media}>
          <button
            type="button"
            className={styles.imageButton}
            onClick={() => setPreviewOpen(true)}
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

        <div className={styles.summary} data-waits-for-fonts={firstPaint || undefined}>
          <Eyebrow tone="soft" ruled>
            {vehicle.brand_name}
          </Eyebrow>
          <h1 className={styles.name}>{vehicle.car_name}</h1>
          {firstPaint ? (
            <Skeleton className={styles.rating} width="8.5rem" height="1lh" />
          ) : (
            <Stars rating={vehicle.customer_ratings} className={styles.rating} />
          )}
          <p className={styles.description}>{vehicle.description}</p>

          <div className={styles.booking}>
            <p className={styles.price}>
              <span className={styles.amount}>{`₹${vehicle.price_per_day}`}</span>
              <span className={styles.perDay}>/day</span>
            </p>
            {firstPaint ? (
              <Skeleton className={styles.bookButton} width="11rem" height="3.25rem" radius="var(--radius-pill)" />
            ) : (
              <Button
                size="lg"
                className={styles.bookButton}
                disabled={!loggedIn || !vehicle.availability}
                onClick={() => openBookRide(vehicle._id)}
                {...modalIntent('book')}
              >
                {vehicle.availability ? 'Book A Ride' : 'Unavailable'}
              </Button>
            )}
          </div>
          {firstPaint && (
            // Most first visits are signed out: the prompt's line is kept, so the calendar starts where it will.
            <p className={styles.prompt}>
              <Skeleton width="15rem" height="1lh" />
            </p>
          )}
          {!firstPaint && !loggedIn && (
            <p className={styles.prompt}>
              You're not logged in.{' '}
              <button type="button" className={styles.linkButton} onClick={openAuth} {...modalIntent('auth')}>
                Register here!
              </button>
            </p>
          )}
          {firstPaint ? (
            <Skeleton className={styles.calendar} height="var(--calendar-height)" radius="var(--radius-lg)" />
          ) : (
            <>
              <BookedDates booked={vehicle.booked} today={today} className={styles.booked} />
              <Calendar
                label="Availability"
                today={today}
                booked={vehicle.booked}
                selected={searched && { pick_up_date: searched.pick_up_date, drop_off_date: searched.drop_off_date }}
                className={styles.calendar}
              />
            </>
          )}
        </div>
      </div>

      {!firstPaint && <SpecsTable vehicle={vehicle} />}

      {previewOpen && <ImagePreview vehicle={vehicle} onClose={() => setPreviewOpen(false)} />}
    </article>
  );
}

export function VehicleDetailSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <title>Rentora</title>
      <p className="visually-hidden" role="status">
        Loading car details…
      </p>
      <div className={styles.layout}>
        <Skeleton className={styles.mediaSkeleton} height="auto" radius="var(--radius-lg)" />
        <div className={styles.summary}>
          <Skeleton width="25%" height="0.9rem" />
          <Skeleton width="75%" height="2.75rem" />
          <Skeleton width="45%" height="1.4rem" />
          <Skeleton height="5.5rem" />
          <Skeleton width="60%" height="3.25rem" radius="var(--radius-pill)" />
          <Skeleton className={styles.calendar} height="var(--calendar-height)" radius="var(--radius-lg)" />
        </div>
      </div>
    </div>
  );
}
