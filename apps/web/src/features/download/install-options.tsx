import { Button, List } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { promptInstall, useInstallState } from '../../lib/pwa-install.ts';
import { useVvPretty, useWebTerminal } from '../../lib/site-data.ts';

function InstallButton() {
  const state = useInstallState();
  if (state === 'unavailable') {
    const isIos = /iPhone|iPad/i.test(navigator.userAgent);
    return (
      <p className="install-hint">
        {isIos ? messages.download.installHintIos : messages.download.installHintOther}
      </p>
    );
  }
  return (
    <Button
      block
      color="primary"
      shape="rounded"
      disabled={state === 'installed'}
      onClick={() => void promptInstall()}
    >
      {state === 'installed' ? messages.download.installed : messages.download.installApp}
    </Button>
  );
}

interface AppLink {
  label: string;
  url: string;
}

function useAppLinks(): AppLink[] {
  const { data: terminal } = useWebTerminal();
  const { data: vvPretty } = useVvPretty();
  const links: AppLink[] = [
    { label: messages.download.androidApp, url: terminal?.androidUrl ?? '' },
    { label: messages.download.iosApp, url: terminal?.iosUrl ?? '' },
    { label: messages.download.appDownload, url: vvPretty?.downloadUrl ?? '' },
    { label: messages.download.h5Site, url: terminal?.h5Url ?? '' },
    { label: messages.download.pcSite, url: terminal?.pcUrl ?? '' },
  ];
  // The download address may point back at this very page; that is no link.
  return links.filter((link) => link.url !== '' && !link.url.startsWith('/download'));
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

/** Install-as-app (PWA) and the app / site addresses from webTerminal and vvPretty. */
export function InstallOptions() {
  const links = useAppLinks();
  return (
    <div className="install-options">
      <InstallButton />
      <List className="install-options__links">
        {links.map((link) => (
          <List.Item
            key={link.label}
            description={absoluteUrl(link.url)}
            onClick={() => window.location.assign(link.url)}
          >
            {link.label}
          </List.Item>
        ))}
      </List>
      {links.length === 0 ? <p className="install-hint">{messages.download.noLinks}</p> : null}
    </div>
  );
}
