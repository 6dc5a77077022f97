import type { FastifyError } from 'fastify';
import { PLAIN_TEXT_FORMAT, notPlainText } from '@rentora/shared/rules';

export type ValidationProblem = NonNullable<FastifyError['validation']>[number];

/** The field a problem is about, as a client names it: `/buyer/name` → `buyer.name`; empty for the whole part. */
export const fieldOf = (problem: ValidationProblem): string =>
  problem.instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * The refusal of text holding a hidden character (`@rentora/shared/rules`' plain text), naming the
 * field, whatever message the route gives other problems: which character it was cannot be seen.
 */
export function hiddenCharacterMessage(error: FastifyError): string | undefined {
  const problem = error.validation?.find(
    ({ keyword, params }) => keyword === 'format' && params.format === PLAIN_TEXT_FORMAT,
  );
  if (problem === undefined) return undefined;
  return notPlainText(fieldOf(problem) || String(error.validationContext ?? 'The request'));
}
