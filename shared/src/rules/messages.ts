/** User-facing texts of docs/product.md §8, exact. */
export const MESSAGES = {
  invalidEmail: 'Invalid email format.',
  shortPassword: 'Password must be at least 8 characters long.',
  invalidBookingForm: 'Please ensure all fields are filled out and correctly formatted.',
  networkAuth: 'Something went wrong!',
  networkBooking: 'Error renting car!',
  cancelSucceeded: 'Rental cancelled successfully!',
  cancelNetwork: 'Failed to cancel rental!',
  loggedOut: 'You’ve been logged out!',
  rentalLimit: 'This account already has 3 upcoming rentals. Cancel one or wait until one ends.',
} as const;
