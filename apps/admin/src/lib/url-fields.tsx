import { ProFormText } from '@ant-design/pro-components';
import { siteImageUrlSchema, siteLinkUrlSchema } from '@site/contract';
import { zodRule } from './zod-rule.ts';

/** Form fields for the addresses the member site shows: images and links. */

const urlHint = 'https:// 开头的地址，或以 / 开头的站内路径，例如 /media/logo.svg';

/** An image the member site shows: required, https or a path on the site. */
export function ImageUrlField(props: { name: string; label: string }) {
  return (
    <ProFormText
      name={props.name}
      label={props.label}
      placeholder={urlHint}
      rules={[{ required: true, whitespace: true, message: '请输入图片地址' }, zodRule(siteImageUrlSchema)]}
    />
  );
}

/** Where a click goes: empty for nowhere. */
export function LinkUrlField(props: { name: string; label: string }) {
  return (
    <ProFormText
      name={props.name}
      label={props.label}
      placeholder="留空为不跳转；站内页面如 /activity/discount"
      rules={[zodRule(siteLinkUrlSchema)]}
    />
  );
}
