import { setTimeout as sleep } from 'node:timers/promises';
import { totpPeriodSeconds } from '@site/contract';
import { totpCodeAt, totpStepAt } from '../member/totp.ts';

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** A staff member's credentials; the secret and last used step are filled in by `signInStaff`. */
export interface StaffCredentials {
  username: string;
  password: string;
  totpSecret?: string;
  lastStep?: number;
}

const periodMs = totpPeriodSeconds * 1000;

/**
 * Signs a staff member in as the console does: a role that needs TOTP and has none yet enrolls
 * with the secret the first answer shows, and `credentials` keeps it for the next sign-in. Each
 * code's time step is usable once: a test clock (one with `advance`) moves on a step; on the real
 * clock the next step's code is used (the server allows one step of drift), waiting when even
 * that one is spent.
 */
export async function signInStaff(
  login: (body: object) => Promise<Envelope>,
  credentials: StaffCredentials,
  clock: { now(): number; advance?(ms: number): void },
): Promise<string> {
  clock.advance?.(periodMs);
  const nextCode = async (secret: string) => {
    const step = Math.max(totpStepAt(clock.now()), (credentials.lastStep ?? -1) + 1);
    const waitMs = (step - 1) * periodMs - clock.now();
    if (waitMs > 0) {
      await sleep(waitMs);
    }
    credentials.lastStep = step;
    return totpCodeAt(secret, step);
  };
  const body = { username: credentials.username, password: credentials.password };
  let answer = await login(
    credentials.totpSecret ? { ...body, totpCode: await nextCode(credentials.totpSecret) } : body,
  );
  const setup = (answer.data as { totpSetup?: { secret: string } } | null)?.totpSetup;
  if (answer.code === 10409 && setup) {
    credentials.totpSecret = setup.secret;
    answer = await login({ ...body, totpCode: await nextCode(setup.secret) });
  }
  if (answer.code !== 6000) {
    throw new Error(`staff sign-in refused: ${answer.code} ${answer.message}`);
  }
  return (answer.data as { token: string }).token;
}
