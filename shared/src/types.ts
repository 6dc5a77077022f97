/**
 * The data contract of docs/product.md §3, shared by the API and every app. Each type is derived
 * from its schema in `schemas.ts`, the one definition the API also validates and serialises with.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type {
  ADD_ON_PERIODS,
  RENTAL_STATUSES,
  addOnSchema,
  bookRideBodySchema,
  bookingConflictSchema,
  carPricesSchema,
  customerRentalSchema,
  invoiceSchema,
  issuedInvoiceSchema,
  creditNoteSchema,
  creditNoteRequestSchema,
  quoteLineSchema,
  quoteRequestSchema,
  quoteSchema,
  quoteTotalSchema,
  vehiclePricesSchema,
  VEHICLE_TYPES,
  bookedRangeSchema,
  bookingRequestSchema,
  carAvailabilitySchema,
  loginSchema,
  messageSchema,
  rentalSchema,
  signUpSchema,
  tokenAnswerSchema,
  userSchema,
  vehicleDetailSchema,
  vehicleSchema,
  vehicleSearchSchema,
} from './schemas';

export const AVATAR_IDS = ['avatar1', 'avatar2', 'avatar3', 'avatar4', 'avatar5', 'avatar6'] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

export type Vehicle = FromSchema<typeof vehicleSchema>;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type BookedRange = FromSchema<typeof bookedRangeSchema>;
export type VehicleSearch = FromSchema<typeof vehicleSearchSchema>;
export type VehicleDetail = FromSchema<typeof vehicleDetailSchema>;
export type CarAvailability = FromSchema<typeof carAvailabilitySchema>;

export type RentalStatus = (typeof RENTAL_STATUSES)[number];
export type Rental = FromSchema<typeof rentalSchema>;
export type User = FromSchema<typeof userSchema>;

/** The booking form as the API accepts it. */
export type BookingRequest = FromSchema<typeof bookingRequestSchema>;
/** The booking form as a person fills it in: every field is text. */
export type BookingForm = { [Field in keyof BookingRequest]: string };

export type SignUpPayload = FromSchema<typeof signUpSchema>;
export type LoginPayload = FromSchema<typeof loginSchema>;

export type CarPrices = FromSchema<typeof carPricesSchema>;
export type VehiclePrices = FromSchema<typeof vehiclePricesSchema>;
export type AddOnPeriod = (typeof ADD_ON_PERIODS)[number];
export type AddOn = FromSchema<typeof addOnSchema>;
export type QuoteRequest = FromSchema<typeof quoteRequestSchema>;
export type QuoteLine = FromSchema<typeof quoteLineSchema>;
export type Quote = FromSchema<typeof quoteSchema>;
export type QuoteTotal = FromSchema<typeof quoteTotalSchema>;
/** The booking form with what was quoted for it: `POST /api/book-ride/{id}`'s body. */
export type BookRideBody = FromSchema<typeof bookRideBodySchema>;
export type BookingConflict = FromSchema<typeof bookingConflictSchema>;
export type Invoice = FromSchema<typeof invoiceSchema>;
/** An invoice as the API keeps it, written once: without its credit notes. */
export type IssuedInvoice = FromSchema<typeof issuedInvoiceSchema>;
export type CreditNote = FromSchema<typeof creditNoteSchema>;
export type CreditNoteRequest = FromSchema<typeof creditNoteRequestSchema>;
export type CustomerRental = FromSchema<typeof customerRentalSchema>;

/** Every error answer of the API, and most success answers. */
export type MessageAnswer = FromSchema<typeof messageSchema>;
/** What sign-up and log-in answer: a token on success, only a message on failure. */
export type AuthAnswer = MessageAnswer & Partial<FromSchema<typeof tokenAnswerSchema>>;

/** The payment shapes the browser reads (their schemas stay in `./payments` and `./date-change`, which only the API imports). */
export type {
  BookingPayment,
  BookingWithPayment,
  CancellationQuote,
  CheckoutResult,
  VerifiedPayment,
} from './payments';
export type { DateChange, DateChangeQuote } from './date-change';
