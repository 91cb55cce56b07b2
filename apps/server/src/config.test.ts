import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const secret = 'a-long-random-gateway-secret-0123456789';

describe('configuration', () => {
  it('serves the sandbox by default for the embedded demo, with no secret to set', () => {
    const config = loadConfig({});
    expect(config.isSandboxMode).toBe(true);
    expect(config.SANDBOX_GATEWAY_SECRET).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).isSandboxMode).toBe(true);
  });

  it('turns the sandbox off by default in production, where no secret is needed then', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).isSandboxMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX_MODE: 'false' }).isSandboxMode).toBe(false);
  });

  it('refuses to start a production sandbox without an explicit gateway secret, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_MODE: 'true' })).toThrow(
      /SANDBOX_GATEWAY_SECRET: required/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      SANDBOX_MODE: 'true',
      SANDBOX_GATEWAY_SECRET: secret,
    });
    expect(config).toMatchObject({ isSandboxMode: true, SANDBOX_GATEWAY_SECRET: secret });
  });

  it('lets the demo turn the sandbox off, and names a bad switch or a short secret', () => {
    expect(loadConfig({ SANDBOX_MODE: 'off' }).isSandboxMode).toBe(false);
    expect(() => loadConfig({ SANDBOX_MODE: 'maybe' })).toThrow(/SANDBOX_MODE/);
    expect(() => loadConfig({ SANDBOX_GATEWAY_SECRET: 'short' })).toThrow(/SANDBOX_GATEWAY_SECRET/);
  });

  it('bounds shutdown by SHUTDOWN_DEADLINE_MS, 10 s unless set', () => {
    expect(loadConfig({}).SHUTDOWN_DEADLINE_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_DEADLINE_MS: '2000' }).SHUTDOWN_DEADLINE_MS).toBe(2_000);
    expect(() => loadConfig({ SHUTDOWN_DEADLINE_MS: '0' })).toThrow(/SHUTDOWN_DEADLINE_MS/);
  });

  it('uses the image captcha unless a third-party one is configured in full', () => {
    expect(loadConfig({}).remoteCaptcha).toBeUndefined();
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'geetest' })).toThrow(
      /CAPTCHA_APP_ID: required.*CAPTCHA_SECRET_KEY: required.*CAPTCHA_VERIFY_URL: required/,
    );
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/CAPTCHA_PROVIDER/);
    const config = loadConfig({
      CAPTCHA_PROVIDER: 'cloud',
      CAPTCHA_APP_ID: 'public-app-id',
      CAPTCHA_SECRET_KEY: secret,
      CAPTCHA_VERIFY_URL: 'https://captcha.example/verify',
    });
    expect(config.remoteCaptcha).toEqual({
      kind: 'cloud',
      appId: 'public-app-id',
      secretKey: secret,
      verifyUrl: 'https://captcha.example/verify',
      timeoutMs: 3_000,
    });
  });
});
