import { Button } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../lib/paths.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { lotteryText } from './lottery-text.ts';

/** 加载更多 while there is a next page, 没有更多了 after the last. */
export function MoreButton(props: { hasMore: boolean; isLoading: boolean; onMore: () => void }) {
  return props.hasMore ? (
    <Button className="records-more" fill="none" loading={props.isLoading} onClick={props.onMore}>
      {lotteryText.loadMore}
    </Button>
  ) : (
    <p className="records-end">{lotteryText.noMore}</p>
  );
}

/** A member's list shown to a visitor: what it would show, and 登录 back to this page. */
export function LoginFirst({ title }: { title: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <SiteEmpty
      title={title}
      action={
        <Button
          color="primary"
          shape="rounded"
          onClick={() => void navigate(loginPathFor(location.pathname))}
        >
          {lotteryText.login}
        </Button>
      }
    />
  );
}
