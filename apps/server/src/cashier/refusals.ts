import { AppError, validationError } from '../app-error.ts';
import { LedgerRefusal, type LedgerRefusalReason } from '../ledger/service.ts';

/** How the cashier words each ledger refusal: the ledger itself knows no codes and no Chinese. */
const refusalErrors = {
  insufficientFunds: (wording) => new AppError(10001, wording.insufficientText ?? '余额不足'),
  transferIdReused: (wording) => validationError(wording.idField, '已用于另一笔不同的操作'),
  transferNotFound: (wording) => validationError(wording.idField, '不存在'),
  transferAlreadyPosted: () => new AppError(10001, '该笔操作已完成，无法撤销'),
  transferAlreadyVoided: () => new AppError(10001, '该笔操作已撤销，无法完成'),
} as const satisfies Record<LedgerRefusalReason, (wording: RefusalWording) => AppError>;

export interface RefusalWording {
  /** The request field holding the caller's idempotency id, named in a 10003. */
  idField: string;
  /** The balance that ran short, when it is not the main wallet's. */
  insufficientText?: string;
}

/** A ledger refusal as the catalogue error the member or operator reads. */
export function wordedRefusal(refusal: LedgerRefusal, wording: RefusalWording): AppError {
  return refusalErrors[refusal.reason](wording);
}

/** Runs `work`, answering a ledger refusal as the catalogue error the member or operator reads. */
export async function refusalsWorded<T>(work: Promise<T>, wording: RefusalWording): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof LedgerRefusal ? wordedRefusal(error, wording) : error;
  }
}
