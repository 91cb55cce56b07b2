import { truncateText } from '@site/contract';
import { Link } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { usePreInfo } from '../../lib/site-data.ts';

/** Logo and title from the site info; the title is cut to `maxTitleWidth` width units. */
export function SiteBrand({ maxTitleWidth }: { maxTitleWidth: number }) {
  const { data } = usePreInfo();
  const title = data?.SiteBaseConfigVo.title || messages.shell.defaultTitle;
  const logoUrl = data?.SiteBaseConfigVo.webLogoTitleUrl;
  return (
    <Link to={paths.home} className="site-brand" title={title}>
      {logoUrl ? <img className="site-brand__logo" src={logoUrl} alt={messages.shell.logoAlt} /> : null}
      <span className="site-brand__title">{truncateText(title, maxTitleWidth)}</span>
    </Link>
  );
}
