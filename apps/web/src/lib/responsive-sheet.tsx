import type { PopupProps } from 'antd-mobile';
import { lazy, type ReactNode, Suspense, useState } from 'react';

export type ResponsiveSheetProps = Omit<PopupProps, 'position' | 'closeOnSwipe' | 'children'> & {
  /** Read out as the dialog's name and shown as its heading. */
  title: string;
  children: ReactNode;
};

// antd's Popup brings its animation and gesture libraries: they load when a sheet first opens.
const ResponsiveSheetPopup = lazy(() =>
  import('./responsive-sheet-popup.tsx').then((module) => ({ default: module.ResponsiveSheetPopup })),
);

/**
 * A bottom sheet on the H5 layout, a centred dialog on the desktop site: pages use this instead of
 * `Popup` so that a sheet never stretches across a 1440px screen. Nothing renders, and no popup
 * code loads, until it is first made visible.
 */
export function ResponsiveSheet(props: ResponsiveSheetProps) {
  const [hasOpened, setHasOpened] = useState(props.visible === true);
  if (props.visible === true && !hasOpened) {
    setHasOpened(true);
  }
  if (!hasOpened) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ResponsiveSheetPopup {...props} />
    </Suspense>
  );
}
