import { createHmac, randomBytes } from 'node:crypto';
import { type Captcha, captchaLength } from '@site/contract';
import { AppError } from '../app-error.ts';
import { createSemaphore } from '../member/semaphore.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import { renderCaptchaPng } from './captcha-image.ts';
import { hashSecretFor, isSameHash, randomDigits } from './tokens.ts';

export const captchaTtlMs = 2 * 60_000;

/**
 * Where captchas come from. Whatever the provider, it is one brake among several: the login
 * throttle's per-account, per-pair and per-IP delays hold without it.
 */
export interface CaptchaProvider {
  /** A challenge for `GET /user/captcha`. */
  issue(): Promise<Captcha>;
  /**
   * Resolves when the answer is right. Throws 6021 when none was given, 6024 when it is wrong,
   * unknown or already used; a third-party provider throws its own code (6022 / 6023) when the
   * player must go through its widget or it cannot be reached.
   */
  verify(captchaId: string | undefined, captchaCode: string | undefined): Promise<void>;
}

export interface CaptchaService extends CaptchaProvider {
  /** The plain answer of an image captcha, kept only in test mode; no route exposes it. */
  answerForTests(captchaId: string): string | undefined;
}

/**
 * A captcha costs about 7 ms of CPU to draw and encode. Past two at once and 32 waiting, a
 * request is refused (6501) rather than queued, so a flood of anonymous captcha requests cannot
 * pile work onto the node without bound.
 */
export const captchaRenderLimits = { concurrencyMax: 2, waitingMax: 32 } as const;

/**
 * Our own image captcha, the default: a PNG of four digits; the answer lives hashed in the
 * security state for two minutes and is taken out on the first attempt, right or wrong.
 */
export function createImageCaptchaProvider(deps: {
  security: SecurityStateStore;
  onIssued?: (captchaId: string, answer: string) => void;
}): CaptchaProvider {
  const keyOf = (captchaId: string) => `captcha:${captchaId}`;
  const renders = createSemaphore(captchaRenderLimits.concurrencyMax, captchaRenderLimits.waitingMax);
  return {
    async issue() {
      const captchaId = randomBytes(16).toString('base64url');
      const answer = randomDigits(captchaLength);
      // Rendered first: a captcha refused for load stores no answer.
      const png = await renders.run(() => renderCaptchaPng(answer));
      const entry = await deps.security.set(keyOf(captchaId), hashSecretFor(captchaId, answer), captchaTtlMs);
      deps.onIssued?.(captchaId, answer);
      return {
        captchaId,
        image: `data:image/png;base64,${png.toString('base64')}`,
        expiresAt: new Date(entry.expiresAtMs).toISOString(),
      };
    },
    async verify(captchaId, captchaCode) {
      if (!captchaId || !captchaCode) {
        throw new AppError(6021, undefined, { isCaptchaRequired: true });
      }
      const stored = await deps.security.take(keyOf(captchaId));
      if (!stored || !isSameHash(stored, hashSecretFor(captchaId, captchaCode.trim()))) {
        throw new AppError(6024, undefined, { isCaptchaRequired: true });
      }
    },
  };
}

/** A third-party behaviour captcha: 极验 answers 6022 when it is needed or down, 云验证 6023. */
export interface RemoteCaptchaConfig {
  kind: 'geetest' | 'cloud';
  /** The public id the provider's widget is started with. */
  appId: string;
  /** Signs each verification request, so the provider knows it is us. */
  secretKey: string;
  /** The provider's server-side verification endpoint. */
  verifyUrl: string;
  timeoutMs: number;
}

const remoteCodes = { geetest: 6022, cloud: 6023 } as const satisfies Record<
  RemoteCaptchaConfig['kind'],
  number
>;

/**
 * The player solves the provider's widget in the browser, which hands back a challenge id and a
 * token; the server asks the provider whether that token passed. The wire format follows the
 * common shape of these services (signed id and token in, `result` out); a specific vendor's
 * endpoint needs only its field names here.
 */
export function createRemoteCaptchaProvider(
  config: RemoteCaptchaConfig,
  deps: { security: SecurityStateStore },
): CaptchaProvider {
  const code = remoteCodes[config.kind];
  const widgetNeeded = () => new AppError(code, undefined, { isCaptchaRequired: true, appId: config.appId });
  const askProvider = async (captchaId: string, captchaCode: string) => {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        appId: config.appId,
        captchaId,
        captchaCode,
        signToken: createHmac('sha256', config.secretKey).update(captchaId).digest('hex'),
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) {
      throw new Error(`captcha provider answered HTTP ${response.status}`);
    }
    const answer = (await response.json()) as { result?: unknown };
    return answer.result === 'success';
  };
  return {
    async issue() {
      throw widgetNeeded();
    },
    async verify(captchaId, captchaCode) {
      if (!captchaId || !captchaCode) {
        throw widgetNeeded();
      }
      // One use per token here too, whatever the provider remembers.
      if (!(await deps.security.claim(`captcha:remote:${captchaId}`, '1', captchaTtlMs))) {
        throw new AppError(6024, undefined, { isCaptchaRequired: true });
      }
      const isPassed = await askProvider(captchaId, captchaCode).catch(() => {
        // Unreachable, slow or garbled: the player cannot pass, and must not pass unchecked.
        throw widgetNeeded();
      });
      if (!isPassed) {
        throw new AppError(6024, undefined, { isCaptchaRequired: true });
      }
    },
  };
}

/** The image provider unless a third-party one is configured; test mode keeps image answers. */
export function createCaptchaService(deps: {
  security: SecurityStateStore;
  isTestMode: boolean;
  remote?: RemoteCaptchaConfig | undefined;
}): CaptchaService {
  const testAnswers = new Map<string, string>();
  const provider = deps.remote
    ? createRemoteCaptchaProvider(deps.remote, { security: deps.security })
    : createImageCaptchaProvider({
        security: deps.security,
        ...(deps.isTestMode ? { onIssued: (captchaId, answer) => testAnswers.set(captchaId, answer) } : {}),
      });
  return {
    issue: () => provider.issue(),
    verify: (captchaId, captchaCode) => provider.verify(captchaId, captchaCode),
    answerForTests: (captchaId) => testAnswers.get(captchaId),
  };
}
