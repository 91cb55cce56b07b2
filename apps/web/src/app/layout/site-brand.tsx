import { truncateText } from '@site/contract';
import { Link } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { usePreInfo } from '../../lib/site-data.ts';

/**
 * The site's logo, or its title (cut to `maxTitleWidth` width units) when there is no logo: the
 * logo artwork already carries the name, so the two together would show it twice.
 */
export function SiteBrand({ maxTitleWidth }: { maxTitleWidth: number }) {
  const { data } = usePreInfo();
  const title = data?.SiteBaseConfigVo.title || messages.shell.defaultTitle;
  const logoUrl = data?.SiteBaseConfigVo.webLogoTitleUrl;
  return (
    <Link to={paths.home} className="site-brand" title={title}>
      {logoUrl ? (
        <img className="site-brand__logo" src={logoUrl} alt={title} />
      ) : (
        <span className="site-brand__title">{truncateText(title, maxTitleWidth)}</span>
      )}
    </Link>
  );
}
