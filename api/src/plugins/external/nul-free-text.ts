import fp from 'fastify-plugin';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

function pointerTo(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) keys.push(`/${at.key}`);
  return keys.reverse().join('');
}

/**
 * A JSON pointer to a string or a key holding a NUL character in what a request carries, if any. A loop
 * whose entries link to their parents, not recursion: a body nested thousands deep is valid JSON,
 * and must neither overflow the stack nor build a path at every level.
 */
function nulAt(value: unknown): string | undefined {
  const pending: Visit[] = [{ value, key: '', parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string' && current.includes('\u0000')) return pointerTo(visit);
    if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current as Record<string, unknown>)) {
        // A key is text the client sent too, even where the schema then drops it.
        const entry = { value: child, key, parent: visit };
        if (key.includes('\u0000')) return pointerTo(entry);
        pending.push(entry);
      }
    }
  }
  return undefined;
}

/**
 * No text a client sends may hold a NUL character, in the path, the query or the body: PostgreSQL
 * cannot take one in a text value (it fails the query, which would answer 500) and SQLite would
 * store it. Refused as a validation error, so each route answers 400 with its own message.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const parts = { params: request.params, querystring: request.query, body: request.body };
      for (const [context, value] of Object.entries(parts)) {
        const instancePath = nulAt(value);
        if (instancePath === undefined) continue;
        const message = 'must not hold a NUL character';
        throw Object.assign(new Error(`${context}${instancePath} ${message}`), {
          statusCode: 400,
          validationContext: context,
          validation: [{ keyword: 'pattern', instancePath, schemaPath: '', params: {}, message }],
        });
      }
    });
  },
  { name: 'nul-free-text' },
);
