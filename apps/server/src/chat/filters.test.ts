import { describe, expect, it } from 'vitest';
import { bannedWordIn, hasContactDetails, textProblemOf } from './filters.ts';

describe('chat text filters', () => {
  it.each([
    '13800138000',
    '138 0013 8000',
    '１３８-００１３-８０００',
    '一三八零零一三八零零零',
    'qq 12345678',
    '扣扣：998877',
    'vx:wxid_abc123',
    '加微信 abc_12345',
    'tg: scam_agent',
    'http://a.b',
    'www.example.com',
    '去 abc.vip 看看',
  ])('finds contact details in %s', (text) => {
    expect(hasContactDetails(text)).toBe(true);
  });

  it.each(['主队 2:1 领先', '下注 100 元，赢了 1888', '一起加油', '今天 20:30 开赛', 'VIP3 来了'])(
    'lets %s through',
    (text) => {
      expect(hasContactDetails(text)).toBe(false);
    },
  );

  it('finds banned words across spacing, punctuation, width and case', () => {
    expect(bannedWordIn('找我 代·充', ['代充'])).toBe('代充');
    expect(bannedWordIn('ＢＯＴ刷单', ['bot'])).toBe('bot');
    expect(bannedWordIn('正常聊天', ['代充'])).toBeUndefined();
    expect(bannedWordIn('正常聊天', ['  '])).toBeUndefined();
    expect(textProblemOf('代充 13800138000', ['代充'])).toBe('bannedWord');
    expect(textProblemOf('加我 13800138000', [])).toBe('contactDetails');
    expect(textProblemOf('你好', [])).toBeUndefined();
  });
});
