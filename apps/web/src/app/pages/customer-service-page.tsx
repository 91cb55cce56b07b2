import { Button } from 'antd-mobile';
import { openInNewWindow } from '../../lib/links.ts';
import { messages } from '../../lib/messages.ts';
import { useCustomerServiceChatUrl } from '../layout/use-customer-service.ts';
import { SystemPage } from './system-page.tsx';

/**
 * Where 客服 lands when the site has no chat address of its own to open, and reachable by
 * address. It opens the chat service when there is one and says so honestly when there is not.
 */
export function CustomerServicePage() {
  const chatUrl = useCustomerServiceChatUrl();
  return (
    <SystemPage
      status="default"
      title={messages.customer.title}
      actions={
        chatUrl ? (
          <Button color="primary" shape="rounded" onClick={() => openInNewWindow(chatUrl)}>
            {messages.customer.open}
          </Button>
        ) : undefined
      }
    >
      <p>{messages.customer.text}</p>
      {chatUrl ? null : <p>{messages.customer.unavailable}</p>}
    </SystemPage>
  );
}
