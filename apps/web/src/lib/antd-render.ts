import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile's imperative pop-ups (Toast) render nothing on React 19 without this. It runs when
 * the first toast loads (toast-view.ts), not at start-up: `unstableSetRender` brings antd's legacy
 * render helper, which would otherwise weigh on every first load.
 */
export function setUpAntdRender(): void {
  unstableSetRender((node, container) => {
    const root = roots.get(container) ?? createRoot(container);
    roots.set(container, root);
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      roots.delete(container);
    };
  });
}
