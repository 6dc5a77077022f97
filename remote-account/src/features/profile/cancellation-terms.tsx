import { Skeleton, formatPrice } from '@rentora/shared';
import type { CancellationQuoteState } from './use-cancellation-quote';
import styles from './cancellation-terms.module.css';

export interface CancellationTermsProps {
  /** The terms as asked of the API (`useCancellationQuote`), and how to ask again. */
  state: CancellationQuoteState;
  retry: () => void;
}

export const TERMS_FAILED = 'Your refund could not be worked out just now.';
export const RENTAL_GONE = 'This rental can no longer be cancelled: it changed since this page was loaded.';

/**
 * The cancel dialog's terms, shown before the customer confirms (docs/product.md §11): what is
 * refunded, what is kept as a fee, and the rule in words; while they load, and if they cannot be
 * had, it says so and offers to ask again.
 */
export function CancellationTerms({ state, retry }: CancellationTermsProps) {
  return (
    <div className={styles.terms} role="status" aria-busy={state.kind === 'loading'} aria-label="Refund">
      {state.kind === 'loading' ? (
        <>
          <span className={styles.loading}>Working out your refund…</span>
          <Skeleton width="12rem" height="1rem" />
        </>
      ) : state.kind === 'gone' ? (
        <p className={styles.failed}>{RENTAL_GONE}</p>
      ) : state.kind === 'failed' ? (
        <p className={styles.failed}>
          <span>{TERMS_FAILED}</span>
          <button type="button" className={styles.retry} onClick={retry}>
            Try again
          </button>
        </p>
      ) : (
        <>
          {(state.quote.refund_paise > 0 || state.quote.fee_paise > 0) && (
            <dl className={styles.amounts}>
              <div>
                <dt>Refund</dt>
                <dd>{formatPrice(state.quote.refund_paise)}</dd>
              </div>
              <div>
                <dt>Cancellation fee</dt>
                <dd className={state.quote.fee_paise > 0 ? styles.fee : undefined}>
                  {formatPrice(state.quote.fee_paise)}
                </dd>
              </div>
            </dl>
          )}
          <p className={styles.rule}>{state.quote.rule}</p>
        </>
      )}
    </div>
  );
}
