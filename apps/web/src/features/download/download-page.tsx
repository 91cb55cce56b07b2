import { messages } from '../../lib/messages.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { InstallOptions } from './install-options.tsx';

export function DownloadPage() {
  const { data } = usePreInfo();
  const title = data?.SiteBaseConfigVo.title || messages.shell.defaultTitle;
  return (
    <div className="download-page">
      <div className="download-page__hero">
        <img src="/icon.svg" alt="" className="download-page__icon" />
        <h1>{title}</h1>
        <p>{messages.download.landingText}</p>
      </div>
      <InstallOptions />
    </div>
  );
}
