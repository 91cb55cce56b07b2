import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { type Captcha, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNode } from '../node.ts';
import { createTestApp, signedHeaders, type TestApp } from '../testing.ts';
import {
  captchaRenderLimits,
  createCaptchaService,
  createImageCaptchaProvider,
  type RemoteCaptchaConfig,
} from './captcha.ts';
import { captchaImageSize, renderCaptchaPng } from './captcha-image.ts';
import { authClient } from './test-support.ts';
import { randomDigits } from './tokens.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const { width, height } = captchaImageSize;

/** How dark each pixel is, 0 (white) to 1 (black): what a solver works on. */
async function darknessOf(png: Buffer): Promise<Float64Array> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(await loadImage(png), 0, 0);
  const { data } = context.getImageData(0, 0, width, height);
  return Float64Array.from(
    { length: width * height },
    (_, pixel) =>
      1 -
      (0.3 * (data[pixel * 4] ?? 0) + 0.59 * (data[pixel * 4 + 1] ?? 0) + 0.11 * (data[pixel * 4 + 2] ?? 0)) /
        255,
  );
}

/**
 * The attack that read the old SVG captcha, on pixels: cut the image into one slot per digit,
 * shrink each slot 3x, centre and normalise it, and score it against every digit's template.
 */
function digitSlots(darkness: Float64Array): Float64Array[] {
  const pool = 3;
  const slotWidth = (width - 36) / 4;
  const columns = Math.floor(slotWidth / pool);
  const rows = Math.floor(height / pool);
  return [0, 1, 2, 3].map((slot) => {
    const left = Math.round(18 + slotWidth * slot);
    const vector = new Float64Array(columns * rows);
    for (let y = 0; y < rows * pool; y += 1) {
      for (let x = 0; x < columns * pool; x += 1) {
        const cell = Math.floor(y / pool) * columns + Math.floor(x / pool);
        vector[cell] = (vector[cell] ?? 0) + (darkness[y * width + left + x] ?? 0);
      }
    }
    const mean = vector.reduce((sum, value) => sum + value, 0) / vector.length;
    const centred = vector.map((value) => value - mean);
    const norm = Math.sqrt(centred.reduce((sum, value) => sum + value * value, 0)) || 1;
    return centred.map((value) => value / norm);
  });
}

describe('image captcha', () => {
  it('serves a PNG data URL, a different picture each time', async () => {
    const first = await client.call<Captcha>('GET', routes.captcha.path);
    const second = await client.call<Captcha>('GET', routes.captcha.path);
    expect(first.code).toBe(6000);
    expect(first.data.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(first.data.image.replace('data:image/png;base64,', ''), 'base64');
    const image = await loadImage(png);
    expect([image.width, image.height]).toEqual([width, height]);
    expect(second.data.image).not.toBe(first.data.image);
    expect(testApp.services.sessions.captchaAnswerForTests(first.data.captchaId)).toMatch(/^\d{4}$/);
  });

  it('refuses captchas past what it renders at once and queues (6501), storing nothing for them', async () => {
    const provider = createImageCaptchaProvider({ security: testApp.stores.security });
    const requested = captchaRenderLimits.concurrencyMax + captchaRenderLimits.waitingMax + 10;
    const answers = await Promise.allSettled(Array.from({ length: requested }, () => provider.issue()));
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(refused).toHaveLength(10);
    expect(refused.map((answer) => (answer.reason as { code: number }).code)).toEqual(Array(10).fill(6501));
    const issued = answers.flatMap((answer) =>
      answer.status === 'fulfilled' ? [answer.value.captchaId] : [],
    );
    const stored = await testApp.stores.security.getMany(issued.map((captchaId) => `captcha:${captchaId}`));
    expect(stored.size).toBe(requested - 10);
  });

  it('defeats template matching: templates learnt from 200 labelled images solve almost none', async () => {
    const learn = async () => {
      const answer = randomDigits(4);
      return { answer, slots: digitSlots(await darknessOf(await renderCaptchaPng(answer))) };
    };
    const templates = new Map<string, { sum: Float64Array; count: number }>();
    for (let index = 0; index < 200; index += 1) {
      const { answer, slots } = await learn();
      slots.forEach((slot, position) => {
        const digit = answer[position] ?? '';
        const template = templates.get(digit) ?? { sum: new Float64Array(slot.length), count: 0 };
        slot.forEach((value, cell) => {
          template.sum[cell] = (template.sum[cell] ?? 0) + value;
        });
        template.count += 1;
        templates.set(digit, template);
      });
    }
    const classify = (slot: Float64Array) => {
      const scores = [...templates].map(([digit, template]) => ({
        digit,
        score: slot.reduce((sum, value, cell) => sum + value * (template.sum[cell] ?? 0), 0) / template.count,
      }));
      return scores.sort((left, right) => right.score - left.score)[0]?.digit;
    };
    let solved = 0;
    let digitsRight = 0;
    const tries = 60;
    for (let index = 0; index < tries; index += 1) {
      const { answer, slots } = await learn();
      const guess = slots.map(classify).join('');
      solved += guess === answer ? 1 : 0;
      digitsRight += Array.from(answer).filter((digit, position) => guess[position] === digit).length;
    }
    // Measured: about a quarter of the digits (chance is a tenth) and no whole answer.
    expect(digitsRight / (tries * 4)).toBeLessThan(0.5);
    expect(solved / tries).toBeLessThan(0.1);
  });
});

const geetest: RemoteCaptchaConfig = {
  kind: 'geetest',
  appId: 'app-public-id',
  secretKey: 'provider-secret-key-0001',
  verifyUrl: 'http://127.0.0.1:9/validate',
  timeoutMs: 2_000,
};

describe('third-party captcha provider', () => {
  const serviceWith = (remote: RemoteCaptchaConfig) =>
    createCaptchaService({ security: testApp.stores.security, isTestMode: true, remote });

  it('answers its own code (6022 极验, 6023 云验证) when it must be shown or cannot be reached', async () => {
    const unreachable = serviceWith(geetest);
    await expect(unreachable.issue()).rejects.toMatchObject({ code: 6022, data: { appId: 'app-public-id' } });
    await expect(unreachable.verify(undefined, undefined)).rejects.toMatchObject({ code: 6022 });
    await expect(unreachable.verify('lot-1', 'token-1')).rejects.toMatchObject({ code: 6022 });
    const cloud = serviceWith({ ...geetest, kind: 'cloud' });
    await expect(cloud.verify('lot-2', 'token-2')).rejects.toMatchObject({ code: 6023 });
    expect(unreachable.answerForTests('lot-1')).toBeUndefined();
  });

  it('passes what the provider passed, once; refuses what it failed with 6024', async () => {
    const received: unknown[] = [];
    const provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const parsed = JSON.parse(body) as { captchaCode: string };
        received.push(parsed);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ result: parsed.captchaCode === 'good-token' ? 'success' : 'fail' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    try {
      const service = serviceWith({ ...geetest, verifyUrl: `http://127.0.0.1:${port}/validate` });
      await expect(service.verify('lot-3', 'good-token')).resolves.toBeUndefined();
      await expect(service.verify('lot-3', 'good-token')).rejects.toMatchObject({ code: 6024 });
      await expect(service.verify('lot-4', 'bad-token')).rejects.toMatchObject({ code: 6024 });
      expect(received[0]).toMatchObject({ appId: 'app-public-id', captchaId: 'lot-3' });
      expect(received[0]).toHaveProperty('signToken', expect.stringMatching(/^[0-9a-f]{64}$/));
      expect(received).toHaveLength(2);
    } finally {
      await new Promise((resolve) => provider.close(resolve));
    }
  });
});

describe('a node configured with an unreachable third-party captcha', () => {
  it('answers 6022 for a captcha and for a login that needs one, never a 500', async () => {
    const node = await createNode({
      stores: testApp.stores,
      clock: testApp.clock,
      defaultSiteId: 9001,
      rateLimitPerMinute: 100_000,
      logLevel: 'silent',
      trustProxyHops: 0,
      remoteCaptcha: geetest,
    });
    try {
      const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
        (
          await node.app.inject({
            method,
            url,
            headers: await signedHeaders(method, url, testApp.clock),
            ...(payload ? { payload } : {}),
          })
        ).json() as { code: number; data: unknown };
      expect(await call('GET', routes.captcha.path)).toMatchObject({
        code: 6022,
        data: { appId: 'app-public-id' },
      });
      const login = await call('POST', routes.login.path, {
        username: 'nobody01',
        password: 'whatever-password',
        captchaId: 'lot-5',
        captchaCode: 'token-5',
      });
      expect(login.code).toBe(6022);
    } finally {
      await node.app.close();
      await node.services.close();
    }
  });
});
