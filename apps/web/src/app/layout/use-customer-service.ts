import { useCallback } from 'react';
import { openInNewWindow } from '../../lib/links.ts';
import { messages } from '../../lib/messages.ts';
import { useVvPretty } from '../../lib/site-data.ts';
import { showToast } from '../../lib/toast.ts';

/** Opens the customer service URL (from vvPretty) in a new window. */
export function useOpenCustomerService(): () => void {
  const { data } = useVvPretty();
  const url = data?.customerServiceUrl;
  return useCallback(() => {
    if (url) {
      openInNewWindow(url);
    } else {
      showToast(messages.customer.unavailable);
    }
  }, [url]);
}
