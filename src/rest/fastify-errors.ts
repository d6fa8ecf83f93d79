// What Fastify itself raises while it reads a request (an unreadable or oversized body, a schema
// error of its own) answered in the envelope like every other refusal, and a request whose body
// did not arrive before the deadline (./connection-limits.ts) closed unanswered. Anything else is a
// fault of ours: logged with its stack, answered 500 without detail.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../core/log/log.ts';
import { cutOffByDeadline } from './connection-limits.ts';
import type { HttpErrorCode } from './errors.ts';
import { BadRequest, describe } from './validation.ts';

export interface FastifyErrorAnswers {
  log: Logger;
  sendError(reply: FastifyReply, code: HttpErrorCode, message?: string, extra?: { field?: string }, extraHeaders?: readonly string[]): void;
  /** A request cut off by the deadline: no answer (its connection is closed), only its access entry. */
  cutOff(req: FastifyRequest, reply: FastifyReply): void;
}

export function answerFastifyErrors(fastify: FastifyInstance, o: FastifyErrorAnswers): void {
  const { log, sendError, cutOff } = o;
  fastify.setErrorHandler((error: FastifyError | BadRequest, req, reply) => {
    if (reply.sent) return;
    if (cutOffByDeadline(req.raw.socket)) return cutOff(req, reply);
    if (error instanceof BadRequest) return sendError(reply, 'bad-request', error.message, { field: error.field });
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, 'payload-too-large', undefined, undefined, ['connection', 'close']);
    }
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(reply, 'bad-request', 'body: the body is not valid JSON.', { field: 'body' });
    }
    if (code?.startsWith('FST_ERR_CTP_') || (error as FastifyError).statusCode === 400) {
      return sendError(reply, 'bad-request', describe('body', error.message), { field: 'body' });
    }
    log.error(`${req.method} ${req.url.split('?')[0]} failed`, error);
    sendError(reply, 'internal-error');
  });
}
