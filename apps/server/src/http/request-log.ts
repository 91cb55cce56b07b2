import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redactUrl } from './redact.ts';

/**
 * One log line per request, written once it is answered: Fastify's default writes two
 * (received, completed), doubling the log volume of a node that serves thousands a second.
 * Each line carries the request id (`reqId`) from the request's logger, and never a credential
 * from the query string.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else {
      reply.log.info(line, 'request');
    }
  }
}
