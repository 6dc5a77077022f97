/** The rider every bench booking is made for: a well-formed booking form but for its dates. */
export const BENCH_RIDER = {
  name: 'Bench Rider',
  age: 30,
  email: 'bench@example.com',
  phone_no: '9876543210',
  address: '1 Residency Road',
  pincode: '560025',
} as const;

/** `YYYY-MM-DD`, `offset` days from now (UTC). */
export const isoDayFromNow = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
