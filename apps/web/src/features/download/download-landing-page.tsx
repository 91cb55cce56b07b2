import { truncateText } from '@site/contract';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { chooseH5 } from '../../lib/mobile-redirect.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { InstallOptions } from './install-options.tsx';

const landingTitleMaxWidth = 24;

/** Where mobile visitors land first: install the app, or 进入H5版 back to where they were going. */
export function DownloadLandingPage() {
  const { data } = usePreInfo();
  const navigate = useNavigate();
  const title = data?.SiteBaseConfigVo.title || messages.shell.defaultTitle;
  const logoUrl = data?.SiteBaseConfigVo.webLogoTitleUrl;
  return (
    <div className="download-landing">
      <div className="download-page__hero">
        <img src={logoUrl || '/icon.svg'} alt={messages.shell.logoAlt} className="download-landing__logo" />
        <h1>{messages.download.landingTitle(truncateText(title, landingTitleMaxWidth))}</h1>
        <p>{messages.download.landingText}</p>
      </div>
      <InstallOptions />
      <Button
        block
        shape="rounded"
        className="download-landing__h5"
        onClick={() => void navigate(chooseH5(), { replace: true })}
      >
        {messages.download.enterH5}
      </Button>
    </div>
  );
}
