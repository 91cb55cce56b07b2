import { Button } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { useOpenCustomerService } from '../layout/use-customer-service.ts';
import { SystemPage } from './system-page.tsx';

/** Reached by address; the tab bar opens customer service in a new window directly. */
export function CustomerServicePage() {
  const openCustomerService = useOpenCustomerService();
  return (
    <SystemPage
      status="default"
      title={messages.customer.title}
      actions={
        <Button color="primary" shape="rounded" onClick={openCustomerService}>
          {messages.customer.open}
        </Button>
      }
    >
      <p>{messages.customer.text}</p>
    </SystemPage>
  );
}
