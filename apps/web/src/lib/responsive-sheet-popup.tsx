import { CenterPopup, Popup } from 'antd-mobile';
import type { ResponsiveSheetProps } from './responsive-sheet.tsx';
import { useIsDesktop } from './use-viewport.ts';
import './responsive-sheet.css';

/** The sheet itself, loaded by `ResponsiveSheet` when it first opens. */
export function ResponsiveSheetPopup({ title, children, ...popupProps }: ResponsiveSheetProps) {
  const isDesktop = useIsDesktop();
  const content = (
    <div className="responsive-sheet" role="dialog" aria-modal="true" aria-label={title}>
      <h2 className="responsive-sheet__title">{title}</h2>
      {children}
    </div>
  );
  if (isDesktop) {
    return (
      <CenterPopup
        closeOnMaskClick
        showCloseButton
        style={{ '--min-width': 'min(440px, calc(100vw - 48px))', '--border-radius': '16px' }}
        {...popupProps}
      >
        {content}
      </CenterPopup>
    );
  }
  return (
    <Popup
      closeOnMaskClick
      showCloseButton
      bodyClassName="responsive-sheet__bottom"
      {...popupProps}
      position="bottom"
    >
      {content}
    </Popup>
  );
}
