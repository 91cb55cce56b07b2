/**
 * What a chat text may not carry: the site's banned words, and the contact details scammers
 * post to take players elsewhere (phone numbers, QQ / WeChat / Telegram ids, links). Both are
 * checked on a normalised copy (full-width folded, Chinese numerals as digits, separators
 * dropped), so 1 3 8-0０1 3 or 一三八… or 微 信 do not slip through. Pure functions only.
 */
export type TextProblem = 'bannedWord' | 'contactDetails';

const chineseDigits: Record<string, string> = {
  零: '0',
  〇: '0',
  一: '1',
  壹: '1',
  二: '2',
  贰: '2',
  两: '2',
  三: '3',
  叁: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  七: '7',
  柒: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
};

/** Full-width ASCII folded to half-width, lower case. */
function folded(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\uFF01-\uFF5E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .toLowerCase();
}

/** Without spaces, punctuation and symbols: what the eye reads as one word. */
function squeezed(text: string): string {
  return text.replace(/[\s\p{P}\p{S}_]/gu, '');
}

const contactKeyword =
  /(qq|扣扣|企鹅|vx|wx|weixin|wechat|微信|薇信|威信|v信|tg|telegram|飞机|纸飞机|line|whatsapp)[:：]?[a-z0-9_-]{5,}/;
const link =
  /(https?:\/\/|www\.|[a-z0-9-]{2,}\.(com|net|cn|top|xyz|vip|cc|me|io|org|app|info|co|tk|shop|site|link))/;
/** Seven digits or more in a row is a phone or QQ number, whatever separates them. */
const longNumber = /\d{7,}/;

export function hasContactDetails(text: string): boolean {
  const plain = folded(text);
  if (link.test(plain)) {
    return true;
  }
  const compact = squeezed(plain).replace(
    /[零〇一壹二贰两三叁四肆五伍六陆七柒八捌九玖]/g,
    (char) => chineseDigits[char] ?? char,
  );
  return longNumber.test(compact) || contactKeyword.test(compact);
}

export function bannedWordIn(text: string, bannedWords: ReadonlyArray<string>): string | undefined {
  const compact = squeezed(folded(text));
  return bannedWords.find((word) => {
    const needle = squeezed(folded(word));
    return needle.length > 0 && compact.includes(needle);
  });
}

export function textProblemOf(text: string, bannedWords: ReadonlyArray<string>): TextProblem | undefined {
  if (bannedWordIn(text, bannedWords) !== undefined) {
    return 'bannedWord';
  }
  return hasContactDetails(text) ? 'contactDetails' : undefined;
}
