import { useIsDesktop } from '../../lib/use-viewport.ts';
import { useSuspensionIcons } from './api.ts';
import { ContentLink } from './content-link.tsx';

/** Floating activity buoy: icons for H5 ('1') or desktop ('2'). */
export function SuspensionBuoy() {
  const isDesktop = useIsDesktop();
  const { data: icons = [] } = useSuspensionIcons(isDesktop ? '2' : '1');
  if (icons.length === 0) {
    return null;
  }
  return (
    <aside className="suspension-buoy">
      {icons.map((icon) => (
        <ContentLink key={icon.id} url={icon.linkUrl} className="suspension-buoy__item">
          <img src={icon.iconUrl} alt={icon.title} />
          <span>{icon.title}</span>
        </ContentLink>
      ))}
    </aside>
  );
}
