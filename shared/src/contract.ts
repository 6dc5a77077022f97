import type { ComponentType } from 'react';
import type { AuthView } from './stores/modal';

/** Props the host's modal outlet gives every remote modal: the id its title must carry, and how to close. */
export interface ModalProps {
  titleId: string;
  onClose: () => void;
}

export interface AuthModalProps extends ModalProps {
  initialView: AuthView;
}

export interface BookRideModalProps extends ModalProps {
  vehicleId: string;
}

/** The modules each remote exposes (ARCHITECTURE §2), as the host loads them. */
export interface RemoteModules {
  'catalog/HomePage': ComponentType;
  'catalog/FleetPage': ComponentType;
  'catalog/VehicleDetailPage': ComponentType;
  'booking/BookRideModal': ComponentType<BookRideModalProps>;
  'account/AuthModal': ComponentType<AuthModalProps>;
  'account/ProfileModal': ComponentType<ModalProps>;
}
