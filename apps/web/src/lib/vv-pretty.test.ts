import { describe, expect, it } from 'vitest';
import { encryptForTest as encrypt } from '../test/fake-api.ts';
import { decryptVvPretty } from './vv-pretty.ts';

describe('vvPretty', () => {
  const payload = {
    customerServiceUrl: 'https://kf.example/chat',
    customerServiceInsteadUrl: 'https://kf.example/backup',
    downloadUrl: 'https://app.example/download',
    sponsorTitle: '官方合作伙伴',
  };

  it('decrypts AES-256-CBC ciphertext with the key and iv from /sec/vv', async () => {
    const { data, secret } = await encrypt(payload);
    expect(decryptVvPretty(data, secret)).toEqual(payload);
  });

  it('rejects a payload that is not the contract shape', async () => {
    const { data, secret } = await encrypt({ customerServiceUrl: 1 });
    expect(() => decryptVvPretty(data, secret)).toThrow();
  });
});
