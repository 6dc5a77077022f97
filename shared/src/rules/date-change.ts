/**
 * The refusal (409) of a change of dates, or of its preview, while an earlier change of the
 * rental waits for its payment: the Profile offers to pay for that one.
 */
export const CHANGE_AWAITING_PAYMENT =
  'An earlier change of these dates is waiting for its payment. Pay for it, or change again once its hold has ended.';
