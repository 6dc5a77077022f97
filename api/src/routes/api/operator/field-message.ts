import type { FastifyError } from 'fastify';
import { notIsoDate } from '@rentora/shared/rules';
import { type ValidationProblem, fieldOf } from '../../../http/validation-problem';

/** `body/price_per_day must be >= 1` → `price_per_day must be >= 1.`: the operator's forms show it beside the field. */
function describe(problem: ValidationProblem): string {
  const path = fieldOf(problem);
  if (problem.keyword === 'required') return `${String(problem.params.missingProperty)} is required.`;
  if (problem.keyword === 'pattern') return `${path || 'The value'} is not in the expected form.`;
  if (problem.keyword === 'format' && problem.params.format === 'date') {
    return notIsoDate(path || 'The value');
  }
  return `${path || 'The request'} ${problem.message ?? 'is not valid'}.`;
}

/** A validation message naming the first field at fault, for the operator's forms and filters. */
export const fieldMessage = (error: FastifyError): string => {
  const [first] = error.validation ?? [];
  return first === undefined ? 'The request is not valid.' : describe(first);
};
