import { expect, it } from 'vitest';
import { transferIds, withdrawalHoldOrderNo } from './transfer-ids.ts';

/**
 * Ids already stored keep their spelling, so a replay of an old request finds its first transfer.
 * The hashes are sha256 of `<memberId>:<callerId>[:<venueCode>]`, computed outside this code.
 */
it('spells every kind of transfer id as releases before the builder did', () => {
  expect(transferIds.deposit('D0123abcd')).toBe('deposit:D0123abcd');
  expect(transferIds.withdrawalHold('W0123abcd')).toBe('withdraw:W0123abcd');
  expect(transferIds.withdrawalPaid('W0123abcd')).toBe('withdraw-paid:W0123abcd');
  expect(transferIds.withdrawalReturned('W0123abcd')).toBe('withdraw-back:W0123abcd');
  expect(transferIds.adjustment(9001, 'adj-0001-credit')).toBe('adj:9001:adj-0001-credit');
  expect(transferIds.venueTransfer(5n, 'client-id-0001')).toBe('vt:f4ab2fb19f0613dd7d4896472e76a63b3c90db0a');
  expect(transferIds.bonusConversion(5n, 'client-id-0001')).toBe(
    'bc:f4ab2fb19f0613dd7d4896472e76a63b3c90db0a',
  );
  expect(transferIds.venueRecall(5n, 'client-id-0001', 'IMTY')).toBe(
    'rc:47b388bcf6556e63761d49ab8571588ec3a48ea5',
  );
});

it('finds the withdrawal order behind a hold, and no order behind anything else', () => {
  expect(withdrawalHoldOrderNo(transferIds.withdrawalHold('W0123abcd'))).toBe('W0123abcd');
  expect(withdrawalHoldOrderNo(transferIds.withdrawalPaid('W0123abcd'))).toBeUndefined();
  expect(withdrawalHoldOrderNo(transferIds.deposit('D0123abcd'))).toBeUndefined();
});
