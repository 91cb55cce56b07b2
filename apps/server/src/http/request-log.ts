import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import { redactUrl } from './redact.ts';

/** Log bytes held while the reader lags; past this, lines are dropped rather than stall the node. */
const logBufferMaxBytes = 8 * 1024 * 1024;
/** Lines are written once this many bytes wait, or every `logFlushIntervalMs`: one write per line cost throughput. */
const logWriteMinBytes = 2048;
/**
 * The most one write takes. sonic-boom appends each line to a pending string and measures that
 * string's UTF-8 length again on every line, so a line costs more the longer the string may grow:
 * at its default of 16 KB a line cost about 4 µs, at 4 KB about 2.5 µs.
 */
const logWriteMaxBytes = 4096;
const logFlushIntervalMs = 250;

/**
 * Where a node writes its log lines (a file descriptor or a file path), asynchronously: pino's
 * default writes synchronously, so a reader that stops reading (a full pipe) would stall every
 * request, and pino's flush at exit would never return. Lines are batched into writes of 2 to
 * 4 KB, so a busy node does not make one system call per request; a quiet node's lines still
 * reach the reader within a quarter of a second, and a stop writes out the rest.
 */
export function openLogDestination(dest: number | string) {
  return pino.destination({
    dest,
    sync: false,
    minLength: logWriteMinBytes,
    maxWrite: logWriteMaxBytes,
    periodicFlush: logFlushIntervalMs,
    maxLength: logBufferMaxBytes,
  });
}

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
