import { ErrorCode, totpSetupSchema } from '@site/contract';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';

export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Where sign-in stands: the password, then for roles that move money a TOTP code (enrolling first). */
export type LoginStep = { kind: 'password' } | { kind: 'enrol'; setup: TotpSetup } | { kind: 'code' };

const totpAnswerSchema = z.object({
  totpSetup: totpSetupSchema.optional(),
  isTotpRequired: z.boolean().optional(),
});

/**
 * The step a refused sign-in leads to: 10409 with `totpSetup` shows the secret to scan, 10409
 * with `isTotpRequired` asks for the code; anything else (a wrong code, 6501 locked, a wrong
 * password) stays where it is with the server's message.
 */
export function stepAfterRefusal(current: LoginStep, error: unknown): LoginStep {
  if (!(error instanceof ApiError) || error.kind !== 'business' || error.code !== ErrorCode.validCode) {
    return current;
  }
  const answer = totpAnswerSchema.safeParse(error.data);
  if (!answer.success) {
    return current;
  }
  if (answer.data.totpSetup) {
    return { kind: 'enrol', setup: answer.data.totpSetup };
  }
  if (answer.data.isTotpRequired && current.kind === 'password') {
    return { kind: 'code' };
  }
  return current;
}
