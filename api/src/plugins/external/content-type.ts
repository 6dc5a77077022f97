import fp from 'fastify-plugin';

/** JSON is the only body the API reads: anything else is answered 415 by Fastify. */
export default fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
  },
  { name: 'content-type' },
);
