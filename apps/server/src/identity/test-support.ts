import { routes } from '@site/contract';
import type { authClient } from '../session/test-support.ts';

/** A valid GB 11643 number for the birth date (YYYYMMDD), with the check character computed. */
export function residentId(birthDate: string, sequence = '123'): string {
  const body = `110101${birthDate}${sequence}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

let verifiedCount = 0;

/**
 * Verifies the member's real name through the API (in sandbox mode, until a site switches manual
 * review on, an adult is approved at once). Each call
 * uses a fresh ID number, since one number verifies one account per site.
 */
export async function verifyRealName(
  client: ReturnType<typeof authClient>,
  token: string,
  realName = '张三',
): Promise<void> {
  verifiedCount += 1;
  const day = String((verifiedCount % 28) + 1).padStart(2, '0');
  const year = 1960 + Math.floor(verifiedCount / 28 / 1000);
  const idNumber = residentId(
    `${year}01${day}`,
    String(Math.floor(verifiedCount / 28) % 1000).padStart(3, '0'),
  );
  const answer = await client.call<{ status: string }>('POST', routes.identitySubmit.path, {
    token,
    body: { realName, idNumber },
  });
  if (answer.code !== 6000 || answer.data.status !== 'approved') {
    throw new Error(`real-name verification failed: ${answer.code} ${answer.message}`);
  }
}
