import zhCN from 'antd-mobile/es/locales/zh-CN';
import { messages } from './messages.ts';

/** zh-CN with our empty text: 暂无数据 instead of 没有找到你需要的东西. */
export const antdLocale = {
  ...zhCN,
  Dialog: { ok: messages.common.confirm },
  ErrorBlock: {
    ...zhCN.ErrorBlock,
    empty: { title: messages.common.empty, description: '' },
  },
};
