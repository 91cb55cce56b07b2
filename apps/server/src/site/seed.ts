import { int4Max } from '@site/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../stores/clock.ts';
import type { SiteService } from './service.ts';
import * as store from './store.ts';

type SeedDeps = {
  db: Db;
  sites: SiteService;
  clock: Clock;
  /** Gives the second site the first one's deposit channels (the cashier owns them). */
  copyDepositChannels: (fromSiteId: number, toSiteId: number) => Promise<void>;
};

/**
 * The demo's second site, so the console's site switch has somewhere to go: 100 after the first
 * (9101 beside 9001), clear of the ids tests give the sites they create.
 */
export function secondDemoSiteIdOf(siteId: number): number {
  return siteId <= int4Max - 100 ? siteId + 100 : siteId - 100;
}

/**
 * Demo data for a fresh install: site 9001 with its title, logo, notices, banner ads,
 * floating icons, a pop-up activity and the naming list, and a second, smaller site beside it.
 * Runs only when no site exists yet, so a restart keeps whatever the operator changed.
 */
export async function seedDemoData(deps: SeedDeps, siteId: number) {
  if ((await store.countSites(deps.db)) > 0) {
    return;
  }
  await seedFirstSite(deps, siteId);
  const secondSiteId = secondDemoSiteIdOf(siteId);
  await seedSecondSite(deps, secondSiteId);
  await deps.copyDepositChannels(siteId, secondSiteId);
}

async function seedFirstSite(deps: SeedDeps, siteId: number) {
  const now = new Date(deps.clock.now());
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  await deps.sites.create({
    id: siteId,
    title: '星河娱乐 - 体育 · 真人 · 电子 · 彩票 · 棋牌 · 捕鱼 一站式娱乐平台',
    web_logo_title_url: '/media/logo.svg',
    address: 'xinghe.example',
    disable_phones: ['170', '171'],
    globe_phone_number: false,
    maintain_status: 1,
    maintain_start_at: null,
    maintain_end_at: null,
    maintain_message: '为了给您提供更好的服务，系统正在升级维护，请稍后再来。',
    festival_skin: null,
    video_active_url: '',
    video_skin_open: false,
    stop_login: false,
    stop_register: false,
    h5_url: '/',
    pc_url: '/',
    android_url: '',
    ios_url: '',
    is_pwa_enabled: true,
    customer_service_url: '/customer/instead',
    customer_service_instead_url: '/customer/instead',
    download_url: '/download',
    sponsor_title: '官方合作伙伴',
    dividend_lead_title: '代理分红说明',
    dividend_lead_content: '成为代理后，每周一按团队有效投注与净输赢结算分红，详情请咨询在线客服。',
    dividend_lead_link_url: '',
  });
  await store.insertNotices(deps.db, [
    {
      site_id: siteId,
      category: 1,
      title: '防诈骗提醒',
      content: '本平台客服不会以任何理由向您索要密码或提供私人银行卡号，请勿向陌生账户转账，谨防诈骗。',
      published_at: hoursAgo(1),
    },
    {
      site_id: siteId,
      category: 1,
      title: '理性娱乐',
      content: '请合理安排娱乐时间与预算，未满18周岁禁止参与。如需设置限额或暂停账户，请前往我的-责任博彩。',
      published_at: hoursAgo(2),
    },
    {
      site_id: siteId,
      category: 2,
      title: '欢迎来到星河娱乐',
      content: '本站为演示环境，所有余额均为游戏币，不涉及真实资金。祝您游戏愉快！',
      published_at: hoursAgo(3),
    },
  ]);
  await store.insertStationAds(deps.db, [
    { site_id: siteId, title: '新会员首存礼', image_url: '/media/banner-welcome.svg', link_url: '', sort: 1 },
    {
      site_id: siteId,
      title: '体育赛事火热进行中',
      image_url: '/media/banner-sport.svg',
      link_url: '',
      sort: 2,
    },
    {
      site_id: siteId,
      title: '责任博彩',
      image_url: '/media/banner-responsible.svg',
      link_url: '/help/bczr',
      sort: 3,
    },
  ]);
  await store.insertSuspensionIcons(deps.db, [
    {
      site_id: siteId,
      display_equipment: '1',
      title: '活动',
      icon_url: '/media/buoy.svg',
      link_url: '',
      sort: 1,
    },
    {
      site_id: siteId,
      display_equipment: '2',
      title: '活动',
      icon_url: '/media/buoy.svg',
      link_url: '',
      sort: 1,
    },
  ]);
  await store.insertPopActivities(deps.db, [
    {
      site_id: siteId,
      title: '每日签到领好礼',
      image_url: '/media/banner-welcome.svg',
      link_url: '',
      sort: 1,
      starts_at: hoursAgo(24),
      ends_at: null,
    },
  ]);
  await store.insertNamingEntries(deps.db, [
    { site_id: siteId, id: 1, name: '站点名称', value: '星河娱乐' },
    { site_id: siteId, id: 51, name: '聊天室地址', value: '' },
  ]);
}

/** A second brand on the same install: its own title, notices, banner, icon and naming list. */
async function seedSecondSite(deps: SeedDeps, siteId: number) {
  const now = new Date(deps.clock.now());
  await deps.sites.create({
    id: siteId,
    title: '月光娱乐 - 体育 · 真人 · 电子 · 彩票',
    web_logo_title_url: '/media/logo.svg',
    address: 'yueguang.example',
    disable_phones: [],
    globe_phone_number: false,
    maintain_status: 1,
    maintain_start_at: null,
    maintain_end_at: null,
    maintain_message: '系统维护中，请稍后再来。',
    festival_skin: null,
    video_active_url: '',
    video_skin_open: false,
    stop_login: false,
    stop_register: false,
    h5_url: '/',
    pc_url: '/',
    android_url: '',
    ios_url: '',
    is_pwa_enabled: true,
    customer_service_url: '/customer/instead',
    customer_service_instead_url: '/customer/instead',
    download_url: '/download',
    sponsor_title: '',
    dividend_lead_title: '',
    dividend_lead_content: '',
    dividend_lead_link_url: '',
  });
  await store.insertNotices(deps.db, [
    {
      site_id: siteId,
      category: 1,
      title: '防诈骗提醒',
      content: '客服不会向您索要密码或提供私人银行卡号，请勿向陌生账户转账。',
      published_at: new Date(now.getTime() - 3_600_000),
    },
    {
      site_id: siteId,
      category: 2,
      title: '欢迎来到月光娱乐',
      content: '本站为演示环境，所有余额均为游戏币，不涉及真实资金。',
      published_at: new Date(now.getTime() - 7_200_000),
    },
  ]);
  await store.insertStationAds(deps.db, [
    { site_id: siteId, title: '月光新人礼', image_url: '/media/banner-welcome.svg', link_url: '', sort: 1 },
  ]);
  await store.insertSuspensionIcons(deps.db, [
    {
      site_id: siteId,
      display_equipment: '1',
      title: '活动',
      icon_url: '/media/buoy.svg',
      link_url: '',
      sort: 1,
    },
    {
      site_id: siteId,
      display_equipment: '2',
      title: '活动',
      icon_url: '/media/buoy.svg',
      link_url: '',
      sort: 1,
    },
  ]);
  await store.insertNamingEntries(deps.db, [
    { site_id: siteId, id: 1, name: '站点名称', value: '月光娱乐' },
    { site_id: siteId, id: 51, name: '聊天室地址', value: '' },
  ]);
}
