import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';

/** Any unknown path: the themed empty picture rather than antd's blue one, and the way home. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="system-page">
      <SiteEmpty
        title={messages.system.notFoundTitle}
        description={messages.system.notFoundText}
        action={
          <Button color="primary" shape="rounded" onClick={() => void navigate(paths.home)}>
            {messages.common.backHome}
          </Button>
        }
      />
    </div>
  );
}
