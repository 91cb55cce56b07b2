import { Button } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { useOpenCustomerService } from '../layout/use-customer-service.ts';
import { SystemPage } from './system-page.tsx';

export function StopServicePage() {
  const openCustomerService = useOpenCustomerService();
  return (
    <SystemPage
      status="busy"
      title={messages.system.stopServiceTitle}
      actions={
        <Button color="primary" shape="rounded" onClick={openCustomerService}>
          {messages.system.contactService}
        </Button>
      }
    >
      <p>{messages.system.stopServiceText}</p>
    </SystemPage>
  );
}
