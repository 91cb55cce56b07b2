import { z } from 'zod';
import { int4IdSchema, pageQuery } from './http-schemas.ts';

/**
 * The console's site content (站点): settings, notices, banner ads, floating icons and the naming
 * list of the site a request names. What staff save here is what members see at once.
 */

const urlLengthMax = 500;
/** Characters a stored URL never holds: an attribute or header it lands in stays what it was. */
const unsafeUrlCharacters = /[\\"'<>`]/;

/**
 * Where a site's images and links may point: a path on the site itself (`/media/logo.svg`), or an
 * https address elsewhere. Printable ASCII only (non-ASCII is percent-encoded), no `//` or `/\`
 * start that a browser would read as another host, no credentials in the address.
 */
export function isSiteUrl(value: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(value) || unsafeUrlCharacters.test(value)) {
    return false;
  }
  if (value.startsWith('/')) {
    return !value.startsWith('//');
  }
  if (!value.startsWith('https://')) {
    return false;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const siteUrlMessage = '须为 https:// 开头的地址或以 / 开头的站内路径，不含空格、引号和中文';

/** An image the site shows: required. */
export const siteImageUrlSchema = z
  .string()
  .trim()
  .min(1, '请输入图片地址')
  .max(urlLengthMax, `地址最多${urlLengthMax}个字符`)
  .refine(isSiteUrl, siteUrlMessage);

/** Where a click goes: empty for nowhere. */
export const siteLinkUrlSchema = z
  .string()
  .trim()
  .max(urlLengthMax, `地址最多${urlLengthMax}个字符`)
  .refine((value) => value === '' || isSiteUrl(value), siteUrlMessage);

const contentTimeMinMs = Date.UTC(2000, 0, 1);
const contentTimeEndMs = Date.UTC(2100, 0, 1);

/** An ISO-8601 UTC instant within this century: the database holds no year 0, nobody needs year 9999. */
export const contentTimeSchema = z.iso
  .datetime({ message: '须为 ISO-8601 UTC 时间，例如 2026-01-01T00:00:00.000Z' })
  .refine((value) => {
    const ms = Date.parse(value);
    return ms >= contentTimeMinMs && ms < contentTimeEndMs;
  }, '时间须在 2000 年至 2099 年之间');

/** Sort order of ads and icons: smaller first. */
export const contentSortMax = 9999;
const sortSchema = z.int('须为整数').min(0, '不能小于0').max(contentSortMax, `不能大于${contentSortMax}`);

export const siteContentIdBodySchema = z.object({ id: int4IdSchema });

// ---- Settings ----------------------------------------------------------------------------

export const siteTitleLengthMax = 200;
export const maintainMessageLengthMax = 500;

export const siteSettingsSchema = z.object({
  siteId: z.number().int(),
  title: z.string(),
  webLogoTitleUrl: z.string(),
  /** Members see the maintenance page (preInfo maintainConfig.status 0). */
  isUnderMaintenance: z.boolean(),
  maintainStartTime: z.string().nullable(),
  maintainEndTime: z.string().nullable(),
  maintainMessage: z.string(),
  stopLogin: z.boolean(),
  stopRegister: z.boolean(),
  updatedAt: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const siteSettingsBodySchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, '请输入站点标题')
      .max(siteTitleLengthMax, `站点标题最多${siteTitleLengthMax}个字符`),
    webLogoTitleUrl: siteImageUrlSchema,
    isUnderMaintenance: z.boolean(),
    maintainStartTime: contentTimeSchema.nullable().default(null),
    maintainEndTime: contentTimeSchema.nullable().default(null),
    maintainMessage: z
      .string()
      .trim()
      .max(maintainMessageLengthMax, `维护公告最多${maintainMessageLengthMax}个字符`)
      .default(''),
    stopLogin: z.boolean(),
    stopRegister: z.boolean(),
  })
  .superRefine((settings, context) => {
    const { maintainStartTime: start, maintainEndTime: end } = settings;
    if (start && end && Date.parse(end) <= Date.parse(start)) {
      context.addIssue({ code: 'custom', path: ['maintainEndTime'], message: '结束时间须晚于开始时间' });
    }
  });
export type SiteSettingsInput = z.output<typeof siteSettingsBodySchema>;

// ---- Notices (公告) -------------------------------------------------------------------------

export const noticeCategoryMax = 9;
const noticeCategorySchema = z.int('须为整数').min(1, '分类为1-9').max(noticeCategoryMax, '分类为1-9');
export const noticeTitleLengthMax = 100;
export const noticeContentLengthMax = 2000;

export const adminNoticeSchema = z.object({
  id: z.number().int(),
  category: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  isActive: z.boolean(),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

export const adminNoticeListBodySchema = pageQuery.extend({ category: noticeCategorySchema.optional() });

const noticeFields = {
  category: noticeCategorySchema,
  title: z
    .string()
    .trim()
    .min(1, '请输入标题')
    .max(noticeTitleLengthMax, `标题最多${noticeTitleLengthMax}个字符`),
  content: z
    .string()
    .trim()
    .min(1, '请输入内容')
    .max(noticeContentLengthMax, `内容最多${noticeContentLengthMax}个字符`),
  /** Members see it from this time on (a later time schedules it). */
  publishedAt: contentTimeSchema,
  isActive: z.boolean(),
};

export const noticeCreateBodySchema = z.object({
  ...noticeFields,
  publishedAt: noticeFields.publishedAt.optional().describe('absent: now'),
  isActive: noticeFields.isActive.default(true),
});

/** Only the fields sent change: `{ id, isActive: false }` takes a notice down. */
export const noticeUpdateBodySchema = withSomeChange(z.object(noticeFields).partial());

// ---- Banner ads (广告) ----------------------------------------------------------------------

export const contentTitleLengthMax = 100;
const contentTitleSchema = z
  .string()
  .trim()
  .min(1, '请输入标题')
  .max(contentTitleLengthMax, `标题最多${contentTitleLengthMax}个字符`);

export const adminStationAdSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
  isActive: z.boolean(),
});
export type AdminStationAd = z.infer<typeof adminStationAdSchema>;

const stationAdFields = {
  title: contentTitleSchema,
  imageUrl: siteImageUrlSchema,
  linkUrl: siteLinkUrlSchema,
  sort: sortSchema,
  isActive: z.boolean(),
};

export const stationAdCreateBodySchema = z.object({
  ...stationAdFields,
  linkUrl: stationAdFields.linkUrl.default(''),
  sort: stationAdFields.sort.default(0),
  isActive: stationAdFields.isActive.default(true),
});

export const stationAdUpdateBodySchema = withSomeChange(z.object(stationAdFields).partial());

// ---- Floating icons (浮动图标) ---------------------------------------------------------------

/** Which member layout shows an icon: 1 H5, 2 desktop. */
export const displayEquipments = ['1', '2'] as const;
export type DisplayEquipment = (typeof displayEquipments)[number];

export const adminSuspensionIconSchema = z.object({
  id: z.number().int(),
  displayEquipment: z.enum(displayEquipments),
  title: z.string(),
  iconUrl: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
  isActive: z.boolean(),
});
export type AdminSuspensionIcon = z.infer<typeof adminSuspensionIconSchema>;

const suspensionIconFields = {
  displayEquipment: z.enum(displayEquipments, '须为 1（H5）或 2（电脑版）'),
  title: contentTitleSchema,
  iconUrl: siteImageUrlSchema,
  linkUrl: siteLinkUrlSchema,
  sort: sortSchema,
  isActive: z.boolean(),
};

export const suspensionIconCreateBodySchema = z.object({
  ...suspensionIconFields,
  linkUrl: suspensionIconFields.linkUrl.default(''),
  sort: suspensionIconFields.sort.default(0),
  isActive: suspensionIconFields.isActive.default(true),
});

export const suspensionIconUpdateBodySchema = withSomeChange(z.object(suspensionIconFields).partial());

// ---- Naming list (命名列表) ------------------------------------------------------------------

export const namingNameLengthMax = 50;
export const namingValueLengthMax = 500;

/** Adds the entry, or replaces the one of that id (entry 51 is the chat socket host). */
export const namingSaveBodySchema = z.object({
  id: int4IdSchema,
  name: z
    .string()
    .trim()
    .min(1, '请输入名称')
    .max(namingNameLengthMax, `名称最多${namingNameLengthMax}个字符`),
  value: z.string().trim().max(namingValueLengthMax, `内容最多${namingValueLengthMax}个字符`),
});

/** An update of the row `id`: at least one field besides the id, else there is nothing to do. */
function withSomeChange<T extends z.ZodRawShape>(fields: z.ZodObject<T>) {
  return fields
    .extend({ id: int4IdSchema })
    .refine(
      (body) => Object.entries(body).some(([key, value]) => key !== 'id' && value !== undefined),
      '没有要修改的内容',
    );
}

export type NoticeCreateInput = z.output<typeof noticeCreateBodySchema>;
export type NoticeUpdateInput = z.output<typeof noticeUpdateBodySchema>;
export type StationAdCreateInput = z.output<typeof stationAdCreateBodySchema>;
export type StationAdUpdateInput = z.output<typeof stationAdUpdateBodySchema>;
export type SuspensionIconCreateInput = z.output<typeof suspensionIconCreateBodySchema>;
export type SuspensionIconUpdateInput = z.output<typeof suspensionIconUpdateBodySchema>;
export type NamingSaveInput = z.output<typeof namingSaveBodySchema>;
