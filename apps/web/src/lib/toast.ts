import { Toast } from 'antd-mobile';

export function showToast(text: string): void {
  Toast.show({ content: text, position: 'center' });
}
