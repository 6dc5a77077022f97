import type { FastifyError } from 'fastify';

type Problem = NonNullable<FastifyError['validation']>[number];

/** `body/price_per_day must be >= 1` → `price_per_day must be >= 1.`: the operator's forms show it beside the field. */
function describe(problem: Problem): string {
  const path = problem.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (problem.keyword === 'required') return `${String(problem.params.missingProperty)} is required.`;
  if (problem.keyword === 'pattern') return `${path || 'The value'} is not in the expected form.`;
  return `${path || 'The request'} ${problem.message ?? 'is not valid'}.`;
}

/** A validation message naming the first field at fault, for the operator's forms and filters. */
export const fieldMessage = (error: FastifyError): string => {
  const [first] = error.validation ?? [];
  return first === undefined ? 'The request is not valid.' : describe(first);
};
