import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { linkTargetOf, openInNewWindow } from '../../lib/links.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { useVvPretty, vvPrettyQuery } from '../../lib/site-data.ts';
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
 * the new window goes straight to it instead of the mobile download page. The address loads
 * with the page; a tap before it has arrived waits for it (the browser still counts the window
 * as opened by the tap for a few seconds), and only a failed load says 客服 is unavailable.
 */
export function useOpenCustomerService(): () => void {
  const queryClient = useQueryClient();
  useVvPretty();
  return useCallback(() => {
    queryClient.ensureQueryData(vvPrettyQuery).then(
      (data) => {
        const target = customerServiceTarget(data.customerServiceUrl);
        if (target?.kind === 'external') {
          openInNewWindow(target.url);
        } else if (target) {
          window.open(target.path, '_blank', 'noopener');
        } else {
          showToast(messages.customer.unavailable);
        }
      },
      () => showToast(messages.customer.unavailable),
    );
  }, [queryClient]);
}
