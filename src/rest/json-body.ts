// How the add-on reads a request body (docs/remote-access.md, "Validation"): JSON, in UTF-8 as
// RFC 8259 requires, without a content coding. Anything else is 400 naming `body` before the row's
// schema sees it: bytes that are not UTF-8 (read as they were, each would become U+FFFD and be
// stored), a Content-Encoding (the body would be read as if it were plain), another media type.
// Fastify's own JSON parser does the rest: the empty body, JSON that does not parse, and the
// `__proto__` and `constructor.prototype` keys it refuses.

import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { BadRequest } from './validation.ts';

export function registerBodyParsers(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    const coding = req.headers['content-encoding'];
    if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') {
      done(new BadRequest('body', 'body: the body is read as it is sent; send it without a Content-Encoding.'), undefined);
    } else if (!isUtf8(body)) {
      done(new BadRequest('body', 'body: the body is not valid UTF-8, the encoding of JSON.'), undefined);
    } else parseJson(req, body.toString('utf8'), done);
  });
  // Other media types are read (so the size cap applies) and refused.
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => {
    done(new BadRequest('body', 'body: send JSON with Content-Type: application/json.'), undefined);
  });
}
