import { ErrorCode, errorMessages } from '@site/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

/**
 * Every failure leaves in the envelope. Business errors (AppError) are HTTP 200 with their code;
 * a malformed request is 10003; too many requests is 6501; an unknown route is 404; anything
 * else is a 500 that carries the request id and never a stack or internal message.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: unknown, request, reply) => {
    if (thrown instanceof AppError) {
      return reply.code(200).send({ code: thrown.code, message: thrown.message, data: thrown.data });
    }
    const error = thrown as FastifyError;
    if (error.statusCode === 429) {
      return reply.code(200).send(envelopeError(ErrorCode.limitCode, request));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return answerClientError(error, request, reply);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ ...envelopeError(ErrorCode.common, request), message: '系统繁忙，请稍候再试' });
  });
}

/**
 * A malformed request answers 10003 in the envelope. Fastify's `frameworkErrors` option points
 * here too: a path that is not valid percent-encoding fails before routing, past the error handler.
 */
export function answerClientError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.code(200).send({
    code: ErrorCode.validation,
    message: `${errorMessages[ErrorCode.validation]}：${clientErrorText(error)}`,
    data: null,
  });
}

export const invalidJsonCode = 'INVALID_JSON_BODY';
export const nulInJsonCode = 'NUL_IN_JSON_BODY';

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ code: 404, message: '接口不存在', data: null, requestId: request.id });
}

function envelopeError(code: ErrorCode, request: FastifyRequest) {
  return { code, message: errorMessages[code], data: null, requestId: request.id };
}

/** Fastify's own 4xx errors (body parsing, content type) in words a client developer can act on. */
function clientErrorText(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的 Content-Type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '请求体过大';
    case 'FST_ERR_BAD_URL':
      return '请求地址无效';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case invalidJsonCode:
      return '请求体不是有效的 JSON';
    case nulInJsonCode:
      return '请求体不能包含空字符（U+0000）';
    default:
      return '请求无效';
  }
}
