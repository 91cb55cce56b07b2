import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { passwordRules } from '@site/contract';
import { validationError } from '../app-error.ts';
import { createSemaphore, type Semaphore } from './semaphore.ts';

/** Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax. */
const argon2idAlgorithm = 2;

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. */
export const argon2Options = {
  algorithm: argon2idAlgorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Verifies against `passwordHash`, or against a dummy hash when the account does not exist. */
  verify(passwordHash: string | undefined, password: string): Promise<boolean>;
  readonly semaphore: Semaphore;
}

/**
 * argon2id is pure CPU work on libuv's threadpool. One hash per core measured faster than two
 * (no oversubscription) and leaves the event loop its share of CPU, so a login flood waits in
 * this queue instead of slowing every other route; past `waitingMax` it is refused with 6501.
 */
export function createPasswordHasher(
  options: { concurrencyMax?: number; waitingMax?: number } = {},
): PasswordHasher {
  const semaphore = createSemaphore(
    options.concurrencyMax ?? Math.max(2, os.availableParallelism()),
    options.waitingMax ?? 1_000,
  );
  let dummyHash: Promise<string> | undefined;
  const dummyHashOnce = () => {
    dummyHash ??= hash('dummy-password-for-unknown-accounts', argon2Options);
    return dummyHash;
  };
  return {
    semaphore,
    hash: (password) => semaphore.run(() => hash(password, argon2Options)),
    verify(passwordHash, password) {
      // An unknown username costs the same hash as a known one, so timing does not tell them apart.
      return semaphore.run(async () => {
        const isMatch = await verify(passwordHash ?? (await dummyHashOnce()), password);
        return passwordHash !== undefined && isMatch;
      });
    },
  };
}

const commonPasswords = new Set(
  readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line.length > 0),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Rules for a newly chosen password (length is checked by the contract schema already). */
export function assertAcceptablePassword(password: string, confirmPassword: string, username: string) {
  if (password.length < passwordRules.lengthMin || password.length > passwordRules.lengthMax) {
    throw validationError('password', `长度须为${passwordRules.lengthMin}-${passwordRules.lengthMax}位`);
  }
  if (password !== confirmPassword) {
    throw validationError('confirmPassword', '两次输入的密码不一致');
  }
  if (isCommonPassword(password)) {
    throw validationError('password', '过于常见，请换一个更难猜的密码');
  }
  if (password.toLowerCase() === username.toLowerCase()) {
    throw validationError('password', '不能与用户名相同');
  }
}
