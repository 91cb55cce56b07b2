import { Writable } from 'node:stream';
import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedHeaders, type TestApp } from '../testing.ts';

let testApp: TestApp;
let lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      );
      done();
    },
  });
  testApp = await createTestApp({ logLevel: 'info', logStream: stream });
});
afterAll(async () => {
  await testApp.close();
});

/** The lines written while one request is served. */
async function linesOf(send: () => Promise<unknown>) {
  lines = [];
  await send();
  return lines;
}

describe('request log', () => {
  it('writes one line per request: method, redacted url, status, ms and the request id', async () => {
    const url = `${routes.preInfo.path}?token=secret-token-value&from=ad`;
    const written = await linesOf(async () =>
      testApp.app.inject({
        method: 'POST',
        url,
        headers: await signedHeaders('POST', routes.preInfo.path, testApp.clock),
        payload: {},
      }),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'POST',
      url: `${routes.preInfo.path}?token=%5Bredacted%5D&from=ad`,
      status: 200,
      reqId: expect.any(String),
    });
    expect(written[0]?.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(written)).not.toContain('secret-token-value');
  });

  it('writes one line for an unknown path and for a refused request too', async () => {
    const unknown = await linesOf(() => testApp.app.inject({ method: 'GET', url: '/site/api/v1/none' }));
    expect(unknown.map((line) => [line.msg, line.status])).toEqual([['request', 404]]);
    const refused = await linesOf(() =>
      testApp.app.inject({ method: 'POST', url: routes.preInfo.path, payload: {} }),
    );
    expect(refused.map((line) => [line.msg, line.status])).toEqual([['request', 200]]);
  });
});
