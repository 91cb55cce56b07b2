import { unstableSetRender } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { createRoot, type Root } from 'react-dom/client';
import { messages } from './messages.ts';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/** antd-mobile's imperative pop-ups (Toast) render nothing on React 19 without this. */
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

/** zh-CN with our empty text: 暂无数据 instead of 没有找到你需要的东西. */
export const antdLocale = {
  ...zhCN,
  Dialog: { ok: messages.common.confirm },
  ErrorBlock: {
    ...zhCN.ErrorBlock,
    empty: { title: messages.common.empty, description: '' },
  },
};
