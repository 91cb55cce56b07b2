import type { LoginResult } from '@site/contract';

export const loginResultFixture: LoginResult = {
  token: 'token-after-login',
  expiresAt: '2026-12-01T00:00:00.000Z',
  member: {
    memberId: 7,
    username: 'player01',
    phone: '*******5678',
    email: null,
    inviteCode: 'INV00001',
    isAgent: false,
    isTotpEnabled: false,
    registeredAt: '2026-11-01T00:00:00.000Z',
    lastLoginAt: null,
  },
};

export const captchaFixture = {
  captchaId: 'captcha-1',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  expiresAt: '2026-12-01T00:00:00.000Z',
};
