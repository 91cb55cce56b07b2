import { messages } from '../../lib/messages.ts';
import { showToast } from '../../lib/toast.ts';

/** Copies to the clipboard and says whether it worked (plain HTTP pages have no clipboard API). */
export async function copyText(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    showToast(messages.finance.copied);
  } catch {
    showToast(messages.finance.copyFailed);
  }
}
