import { useEffect, useRef } from 'react';
import type { BookingField } from '@rentora/shared';

/** Where focus lands after a step change: the step's first input, or the field to correct. */
export type StepFocus = BookingField | 'first';

/**
 * Keeps keyboard focus where the user is working: on the new step's input after a move, and on
 * 'Done' once the server answers (the forward button was disabled while sending, dropping focus).
 * `settled` names where a payment stands whenever the customer may act again (its Checkout closed,
 * its answer in): the forward button takes focus back each time it changes.
 */
export function useWizardFocus(step: number, answered: boolean, settled?: string) {
  const stepRef = useRef<HTMLFieldSetElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusAfterStep = useRef<StepFocus | null>(null);

  useEffect(() => {
    const target = focusAfterStep.current;
    if (!target) return;
    focusAfterStep.current = null;
    const selector = target === 'first' ? 'input' : `input[name="${target}"]`;
    stepRef.current?.querySelector<HTMLInputElement>(selector)?.focus();
  }, [step]);

  useEffect(() => {
    if (answered) actionsRef.current?.querySelector<HTMLButtonElement>('button:last-child')?.focus();
  }, [answered, settled]);

  return {
    stepRef,
    actionsRef,
    focusAfterMove: (target: StepFocus) => {
      focusAfterStep.current = target;
    },
  };
}
