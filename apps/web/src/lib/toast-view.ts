import { Toast } from 'antd-mobile';
import { setUpAntdRender } from './antd-render.ts';

setUpAntdRender();

/** Shows the toast at once; `showToast` loads this module with the first message. */
export function showToastNow(text: string): void {
  Toast.show({ content: text, position: 'center' });
}
