import { CarImage, CloseIcon, IconButton, useModalBehaviour, type Vehicle } from '@rentora/shared';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './image-preview.module.css';

export interface ImagePreviewProps {
  vehicle: Vehicle;
  onClose: () => void;
}

/** The car's photo full screen; closes on its X, a click on the backdrop, or Escape. */
export function ImagePreview({ vehicle, onClose }: ImagePreviewProps) {
  const backdropRef = useRef<HTMLDivElement>(null);
  // The close button is the only control, so focus goes to it and stays there.
  useModalBehaviour(backdropRef, onClose);

  // Portalled to <body>: a transformed ancestor (the page transition) would otherwise pin "fixed" to itself.
  return createPortal(
    <div
      ref={backdropRef}
      className={styles.backdrop}
      role="dialog"
      aria-modal="true"
      aria-label={`${vehicle.car_name} photo`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <IconButton label="Close preview" size="lg" tone="night" className={styles.close} onClick={onClose}>
        <CloseIcon size={24} />
      </IconButton>
      <figure className={styles.figure}>
        <CarImage
          className={styles.image}
          src={vehicle.image_url}
          alt={vehicle.car_name}
          width={1600}
          sizes="min(100vw - 2rem, 1600px)"
          loading="eager"
        />
        <figcaption className={styles.caption}>
          {vehicle.brand_name} · {vehicle.car_name} · {vehicle.location}
        </figcaption>
      </figure>
    </div>,
    document.body,
  );
}
