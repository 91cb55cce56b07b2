import { useCallback } from 'react';
import { linkTargetOf, openInNewWindow } from '../../lib/links.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { useVvPretty } from '../../lib/site-data.ts';
import { showToast } from '../../lib/toast.ts';

/** Where 客服 leads: the chat service's own address, or a page of this site. */
export type CustomerServiceTarget = { kind: 'external'; url: string } | { kind: 'page'; path: string };

/**
 * The customer service address from vvPretty. An address of this site that is no page of
 * it (the operator's default /customer/instead) leads to the site's customer service page.
 */
export function customerServiceTarget(url: string | undefined): CustomerServiceTarget | undefined {
  if (!url) {
    return undefined;
  }
  const target = linkTargetOf(url);
  if (target?.kind === 'external') {
    return target;
  }
  return { kind: 'page', path: target?.path ?? paths.customerService };
}

/** The chat service's own address, when the site has one. */
export function useCustomerServiceChatUrl(): string | undefined {
  const { data } = useVvPretty();
  const target = customerServiceTarget(data?.customerServiceUrl);
  return target?.kind === 'external' ? target.url : undefined;
}

/**
 * Opens customer service in a new window. A page of this site opens with its referrer, so
 * the new window goes straight to it instead of the mobile download page.
 */
export function useOpenCustomerService(): () => void {
  const { data } = useVvPretty();
  const url = data?.customerServiceUrl;
  return useCallback(() => {
    const target = customerServiceTarget(url);
    if (target?.kind === 'external') {
      openInNewWindow(target.url);
    } else if (target) {
      window.open(target.path, '_blank', 'noopener');
    } else {
      showToast(messages.customer.unavailable);
    }
  }, [url]);
}
