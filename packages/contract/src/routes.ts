import { z } from 'zod';
import {
  blockBodySchema,
  blockEntrySchema,
  captchaSchema,
  changePasswordBodySchema,
  codeSentSchema,
  deviceVerifyBodySchema,
  deviceVerifyResendSchema,
  forgotPasswordResetBodySchema,
  forgotPasswordSendBodySchema,
  loginBodySchema,
  loginRecordSchema,
  loginResultSchema,
  memberInfoSchema,
  operatorLoginResultSchema,
  outboxMessageSchema,
  registerBodySchema,
  socketTokenSchema,
  staffLoginBodySchema,
  totpDisableBodySchema,
  totpEnableBodySchema,
  totpSetupSchema,
  unblockBodySchema,
} from './auth.ts';
import {
  adjustmentBodySchema,
  adjustmentRequestSchema,
  adjustmentResultSchema,
  adjustmentRuleSchema,
  adminWithdrawOrderSchema,
  auditSummarySchema,
  bankSchema,
  bonusConvertBodySchema,
  bonusConvertResultSchema,
  bonusWalletSchema,
  callerIdSchema,
  depositCallbackBodySchema,
  depositChannelSchema,
  depositCreateBodySchema,
  depositOrderSchema,
  depositStatuses,
  fundsPasswordChangeBodySchema,
  fundsPasswordSetBodySchema,
  operatorActionSchema,
  operatorOrderBodySchema,
  recordQuerySchema,
  transRecordPageSchema,
  transRecordQuerySchema,
  venueBalanceSchema,
  venueTransferBodySchema,
  venueTransferResultSchema,
  walletSummarySchema,
  withdrawAccountAddBodySchema,
  withdrawAccountSchema,
  withdrawApplyBodySchema,
  withdrawFeeSetBodySchema,
  withdrawInfoSchema,
  withdrawOrderSchema,
  withdrawStatuses,
  yuanAmountSchema,
} from './cashier.ts';
import { platformTypeDefault } from './constants.ts';
import { int8IdSchema, pageOf, pageQuery } from './http-schemas.ts';
import { identityStatusSchema, identitySubmitBodySchema } from './identity.ts';
import {
  memberDetailSchema,
  memberNoteBodySchema,
  memberNoteSchema,
  memberSearchBodySchema,
  memberSummarySchema,
  memberUsernameBodySchema,
} from './member-view.ts';
import {
  auditEntrySchema,
  auditQuerySchema,
  type OperatorPermission,
  staffCreateBodySchema,
  staffCreatedSchema,
  staffIdBodySchema,
  staffLoginRecordSchema,
  staffSchema,
  staffUpdateBodySchema,
} from './staff.ts';

/**
 * Who may call a route: anyone (`public`), a signed-in member, an operator holding a permission,
 * or a payment gateway whose signature the server verifies (`gateway`).
 */
export type RouteAccess = 'public' | 'member' | 'gateway' | { operator: OperatorPermission };

/**
 * The route table: every endpoint both sides agree on, with its payload and response schemas.
 * The server registers its handlers from it, the web client calls through it, and the OpenAPI
 * document is generated from it.
 */
export interface RouteDefinition {
  method: 'GET' | 'POST';
  path: string;
  /** Who may call it; required, so a route without an access level does not compile. */
  access: RouteAccess;
  summary: string;
  tag: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
}

function route<const T extends RouteDefinition>(definition: T): T {
  return definition;
}

const isoTime = z.string().describe('ISO-8601 UTC time');
const idSchema = z.number().int();

export const siteBaseConfigSchema = z.object({
  title: z.string(),
  webLogoTitleUrl: z.string(),
});

/** Maintenance status: 0 means the site is under maintenance, 1 means it is open. */
export const maintainConfigSchema = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  startTime: isoTime.nullable(),
  endTime: isoTime.nullable(),
  message: z.string(),
});

export const preInfoSchema = z.object({
  SiteBaseConfigVo: siteBaseConfigSchema,
  address: z.string().describe('customer-facing address of the site (easy-to-remember domain)'),
  disablePhones: z.array(z.string()).describe('phone number prefixes not accepted at registration'),
  globePhoneNumber: z.boolean().describe('whether phone numbers outside mainland China are accepted'),
  ip: z.string().describe("the caller's IP address as the server sees it"),
  maintainConfig: maintainConfigSchema,
  siteFestivalSkin: z.string().nullable(),
  siteVideoActiveUrl: z.string(),
  siteVideoSkinOpen: z.boolean(),
  stopLogin: z.boolean(),
  stopRegister: z.boolean(),
});
export type PreInfo = z.infer<typeof preInfoSchema>;

export const noticeSchema = z.object({
  id: idSchema,
  category: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: isoTime,
});
export type Notice = z.infer<typeof noticeSchema>;

export const stationAdSchema = z.object({
  id: idSchema,
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type StationAd = z.infer<typeof stationAdSchema>;

export const suspensionIconSchema = z.object({
  id: idSchema,
  title: z.string(),
  iconUrl: z.string(),
  linkUrl: z.string(),
});
export type SuspensionIcon = z.infer<typeof suspensionIconSchema>;

export const dividendLeadSchema = z.object({
  isShow: z.boolean(),
  title: z.string(),
  content: z.string(),
  linkUrl: z.string(),
});
export type DividendLead = z.infer<typeof dividendLeadSchema>;

export const webTerminalSchema = z.object({
  platform: z.string(),
  h5Url: z.string(),
  pcUrl: z.string(),
  androidUrl: z.string(),
  iosUrl: z.string(),
  isPwaEnabled: z.boolean(),
});
export type WebTerminal = z.infer<typeof webTerminalSchema>;

export const namingEntrySchema = z.object({ id: idSchema, name: z.string(), value: z.string() });
export type NamingEntry = z.infer<typeof namingEntrySchema>;

export const popActivitySchema = z.object({
  id: idSchema,
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type PopActivity = z.infer<typeof popActivitySchema>;

export const secKeySchema = z.object({
  key: z.string().describe('AES-256-CBC key, base64'),
  iv: z.string().describe('AES-CBC initialisation vector, base64'),
});

export const encryptedPayloadSchema = z.object({
  data: z.string().describe('AES-256-CBC ciphertext, base64'),
});

export const vvPrettySchema = z.object({
  customerServiceUrl: z.string(),
  customerServiceInsteadUrl: z.string(),
  downloadUrl: z.string(),
  sponsorTitle: z.string(),
});
export type VvPretty = z.infer<typeof vvPrettySchema>;

export const jsonCacheKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,128}$/, '缓存键只能包含字母、数字和 _ . : -');

export const jsonCacheEntrySchema = z.object({
  data: z.string().describe('encrypted JSON, as the writer stored it'),
  expiresAt: isoTime,
});

export const counterSchema = z.object({
  unreadNoticeCount: z.number().int(),
  serverTime: isoTime,
});

export const routes = {
  preInfo: route({
    method: 'POST',
    path: '/site/api/v1/configuration/preInfo',
    access: 'public',
    tag: 'site',
    summary: 'Pre-login site information',
    body: z.object({ platformType: z.number().int().min(1).max(99).default(platformTypeDefault) }).default({
      platformType: platformTypeDefault,
    }),
    response: preInfoSchema,
  }),
  secKey: route({
    method: 'GET',
    path: '/site/api/v1/sec/:id',
    access: 'public',
    tag: 'site',
    summary: 'Key and iv that decrypt vvPretty',
    params: z.object({ id: z.string().min(1).max(32) }),
    response: secKeySchema,
  }),
  vvPretty: route({
    method: 'GET',
    path: '/site/api/v1/configuration/vvPretty',
    access: 'public',
    tag: 'site',
    summary: 'Encrypted client configuration (customer service and download links)',
    response: encryptedPayloadSchema,
  }),
  noticeList: route({
    method: 'POST',
    path: '/site/api/v1/advertising/queryNoticeList',
    access: 'public',
    tag: 'site',
    summary: 'Published notices of one category',
    body: z.object({ category: z.number().int().min(1).max(9) }),
    response: z.array(noticeSchema),
  }),
  stationAdList: route({
    method: 'GET',
    path: '/act/api/v1/advertising/queryStationAdList',
    access: 'public',
    tag: 'activity',
    summary: 'Home page banner ads',
    response: z.array(stationAdSchema),
  }),
  suspensionIcon: route({
    method: 'POST',
    path: '/act/api/v1/activityShow/suspensionIcon',
    access: 'public',
    tag: 'activity',
    summary: 'Floating activity icons for one display equipment (1 H5, 2 desktop)',
    body: z.object({ displayEquipment: z.enum(['1', '2']).default('1') }).default({ displayEquipment: '1' }),
    response: z.array(suspensionIconSchema),
  }),
  dividendLead: route({
    method: 'GET',
    path: '/act/api/v1/dividend/manual/lead',
    access: 'public',
    tag: 'activity',
    summary: 'Manual dividend guide shown to players',
    response: dividendLeadSchema,
  }),
  webTerminal: route({
    method: 'POST',
    path: '/site/api/v1/launcher/webTerminal',
    access: 'public',
    tag: 'site',
    summary: 'App and web entry points for the platform named in the platform header',
    response: webTerminalSchema,
  }),
  namingList: route({
    method: 'GET',
    path: '/site/api/v1/site/naming/list',
    access: 'public',
    tag: 'site',
    summary: 'Site naming list; entry 51 holds the chat socket host',
    response: z.array(namingEntrySchema),
  }),
  popInfo: route({
    method: 'GET',
    path: '/act/api/v1/memberTopActivity/popInfo',
    access: 'public',
    tag: 'activity',
    summary: 'Activities that pop up on the home page',
    response: z.array(popActivitySchema),
  }),
  jsonCacheGet: route({
    method: 'GET',
    path: '/api/json-cache/:key',
    access: 'public',
    tag: 'cache',
    summary: 'Read a server-side JSON cache entry (null when absent or expired)',
    params: z.object({ key: jsonCacheKeySchema }),
    response: jsonCacheEntrySchema.nullable(),
  }),
  jsonCachePut: route({
    method: 'POST',
    path: '/api/json-cache/:key',
    access: 'public',
    tag: 'cache',
    summary: 'Store a server-side JSON cache entry with a ttl',
    params: z.object({ key: jsonCacheKeySchema }),
    body: z.object({
      data: z.string().min(1).max(65_536),
      ttl: z
        .number()
        .int()
        .min(1_000)
        .max(7 * 24 * 3_600_000)
        .optional(),
    }),
    response: jsonCacheEntrySchema,
  }),
  counter: route({
    method: 'GET',
    path: '/site/api/v1/message/counter',
    access: 'public',
    tag: 'site',
    summary: 'Unread counters polled at start and every 60 s',
    query: z.object({ noticeReadAt: isoTime.pipe(z.iso.datetime()).optional() }),
    response: counterSchema,
  }),
  register: route({
    method: 'POST',
    path: '/site/api/v1/user/member/register',
    access: 'public',
    tag: 'auth',
    summary: 'Register a member and sign in; honours stopRegister; binds stored referral codes',
    body: registerBodySchema,
    response: loginResultSchema,
  }),
  login: route({
    method: 'POST',
    path: '/site/api/v1/user/member/login',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in; may answer 6021/6024 (captcha), 6025-6027 (unusual), 6035 (device code), 10409 (TOTP)',
    body: loginBodySchema,
    response: loginResultSchema,
  }),
  logout: route({
    method: 'POST',
    path: '/site/api/v1/user/member/logout',
    access: 'public',
    tag: 'auth',
    summary: 'End the current session',
    response: z.null(),
  }),
  captcha: route({
    method: 'GET',
    path: '/site/api/v1/user/captcha',
    access: 'public',
    tag: 'auth',
    summary: 'A new image captcha (SVG); each one can be answered once',
    response: captchaSchema,
  }),
  deviceVerify: route({
    method: 'POST',
    path: '/site/api/v1/user/member/deviceVerify',
    access: 'public',
    tag: 'auth',
    summary: 'Finish a login from a new device with the code sent to the bound phone or e-mail',
    body: deviceVerifyBodySchema,
    response: loginResultSchema,
  }),
  deviceVerifyResend: route({
    method: 'POST',
    path: '/site/api/v1/user/member/deviceVerify/resend',
    access: 'public',
    tag: 'auth',
    summary: 'Send a new device verification code',
    body: deviceVerifyResendSchema,
    response: codeSentSchema,
  }),
  memberInfo: route({
    method: 'POST',
    path: '/site/api/v1/user/member/info',
    access: 'member',
    tag: 'auth',
    summary: 'The signed-in member; withLockMoney=1 adds the locked money',
    body: z.object({ withLockMoney: z.union([z.literal(1), z.literal('1')]).optional() }).default({}),
    response: memberInfoSchema,
  }),
  memberJwt: route({
    method: 'GET',
    path: '/site/api/v1/user/member/jwt',
    access: 'member',
    tag: 'auth',
    summary: 'Short-lived signed token for the socket login message',
    response: socketTokenSchema,
  }),
  changePassword: route({
    method: 'POST',
    path: '/site/api/v1/user/member/password',
    access: 'member',
    tag: 'auth',
    summary: 'Change the password; every other session then answers 10105',
    body: changePasswordBodySchema,
    response: z.null(),
  }),
  forgotPasswordSend: route({
    method: 'POST',
    path: '/site/api/v1/user/password/forgot/send',
    access: 'public',
    tag: 'auth',
    summary: 'Send a reset code when username and phone or e-mail match (same answer either way)',
    body: forgotPasswordSendBodySchema,
    response: z.object({ resendAfterMs: z.number().int() }),
  }),
  forgotPasswordReset: route({
    method: 'POST',
    path: '/site/api/v1/user/password/forgot/reset',
    access: 'public',
    tag: 'auth',
    summary: 'Set a new password with the reset code; every session then answers 10105',
    body: forgotPasswordResetBodySchema,
    response: z.null(),
  }),
  totpSetup: route({
    method: 'POST',
    path: '/site/api/v1/user/member/totp/setup',
    access: 'member',
    tag: 'auth',
    summary: 'Start two-factor setup: a new secret, active once confirmed with a code',
    response: totpSetupSchema,
  }),
  totpEnable: route({
    method: 'POST',
    path: '/site/api/v1/user/member/totp/enable',
    access: 'member',
    tag: 'auth',
    summary: 'Switch two-factor on with a code from the new secret',
    body: totpEnableBodySchema,
    response: z.null(),
  }),
  totpDisable: route({
    method: 'POST',
    path: '/site/api/v1/user/member/totp/disable',
    access: 'member',
    tag: 'auth',
    summary: 'Switch two-factor off with a current code and the password',
    body: totpDisableBodySchema,
    response: z.null(),
  }),
  loginHistory: route({
    method: 'GET',
    path: '/site/api/v1/user/member/loginHistory',
    access: 'member',
    tag: 'auth',
    summary: "The member's successful logins, newest first",
    query: pageQuery,
    response: pageOf(loginRecordSchema),
  }),
  identityStatus: route({
    method: 'GET',
    path: '/site/api/v1/user/identity/status',
    access: 'member',
    tag: 'identity',
    summary: "The member's real-name verification: status, masked name and ID number",
    response: identityStatusSchema,
  }),
  identitySubmit: route({
    method: 'POST',
    path: '/site/api/v1/user/identity/submit',
    access: 'member',
    tag: 'identity',
    summary: 'Submit name and resident ID number (GB 11643 checksum) for real-name verification',
    body: identitySubmitBodySchema,
    response: identityStatusSchema,
  }),
  adminLogin: route({
    method: 'POST',
    path: '/admin/api/v1/auth/login',
    access: 'public',
    tag: 'admin',
    summary:
      'Staff sign-in (separate accounts and tokens from members); roles that move money add a TOTP code, enrolling at their first sign-in (10409 with totpSetup)',
    body: staffLoginBodySchema,
    response: operatorLoginResultSchema,
  }),
  adminLogout: route({
    method: 'POST',
    path: '/admin/api/v1/auth/logout',
    access: 'public',
    tag: 'admin',
    summary: 'End the operator session',
    response: z.null(),
  }),
  adminBlock: route({
    method: 'POST',
    path: '/admin/api/v1/risk/block',
    access: { operator: 'risk.write' },
    tag: 'admin',
    summary: 'Block a member (by username), a device uuid, or an IP (6031) or network (6033) on this site',
    body: blockBodySchema,
    response: z.null(),
  }),
  adminUnblock: route({
    method: 'POST',
    path: '/admin/api/v1/risk/unblock',
    access: { operator: 'risk.write' },
    tag: 'admin',
    summary: 'Lift a block',
    body: unblockBodySchema,
    response: z.null(),
  }),
  adminBlockList: route({
    method: 'GET',
    path: '/admin/api/v1/risk/blocks',
    access: { operator: 'risk.read' },
    tag: 'admin',
    summary: 'Current blocks of this site',
    response: z.array(blockEntrySchema),
  }),
  adminMemberLoginHistory: route({
    method: 'POST',
    path: '/admin/api/v1/member/loginHistory',
    access: { operator: 'member.read' },
    tag: 'admin',
    summary: "A member's login history (username in the body, so it stays out of access logs)",
    body: pageQuery.extend({ username: z.string().trim().min(1, '请输入用户名').max(64) }),
    response: pageOf(loginRecordSchema),
  }),
  adminMemberSearch: route({
    method: 'POST',
    path: '/admin/api/v1/member/search',
    access: { operator: 'member.read' },
    tag: 'admin',
    summary:
      'Members of this site by username, phone, real name, IP or device they signed in from, or invite code',
    body: memberSearchBodySchema,
    response: pageOf(memberSummarySchema),
  }),
  adminMemberDetail: route({
    method: 'POST',
    path: '/admin/api/v1/member/detail',
    access: { operator: 'member.read' },
    tag: 'admin',
    summary: "A member's profile, verification, wallet, payout accounts and staff notes",
    body: memberUsernameBodySchema,
    response: memberDetailSchema,
  }),
  adminMemberNote: route({
    method: 'POST',
    path: '/admin/api/v1/member/note',
    access: { operator: 'member.note' },
    tag: 'admin',
    summary: 'Add a staff note to a member (kept, never edited)',
    body: memberNoteBodySchema,
    response: memberNoteSchema,
  }),
  adminOutbox: route({
    method: 'GET',
    path: '/admin/api/v1/sandbox/outbox',
    access: { operator: 'sandbox.read' },
    tag: 'admin',
    summary: 'Messages the sandbox SMS and e-mail sender would have delivered, newest first',
    query: pageQuery,
    response: pageOf(outboxMessageSchema),
  }),
  adminStaffList: route({
    method: 'GET',
    path: '/admin/api/v1/staff/list',
    access: { operator: 'staff.manage' },
    tag: 'admin',
    summary: 'Staff accounts with their roles, sites and last sign-in',
    response: z.array(staffSchema),
  }),
  adminStaffCreate: route({
    method: 'POST',
    path: '/admin/api/v1/staff/create',
    access: { operator: 'staff.manage' },
    tag: 'admin',
    summary: 'Create a staff account with a role and its sites; the generated password is shown once',
    body: staffCreateBodySchema,
    response: staffCreatedSchema,
  }),
  adminStaffUpdate: route({
    method: 'POST',
    path: '/admin/api/v1/staff/update',
    access: { operator: 'staff.manage' },
    tag: 'admin',
    summary: "Change a staff account's role, sites or active state; takes effect on its next call",
    body: staffUpdateBodySchema,
    response: staffSchema,
  }),
  adminStaffLogout: route({
    method: 'POST',
    path: '/admin/api/v1/staff/logout',
    access: { operator: 'staff.manage' },
    tag: 'admin',
    summary: 'End every session of a staff account (forced logout)',
    body: staffIdBodySchema,
    response: z.null(),
  }),
  adminStaffLoginHistory: route({
    method: 'POST',
    path: '/admin/api/v1/staff/loginHistory',
    access: { operator: 'staff.manage' },
    tag: 'admin',
    summary: "A staff account's sign-in attempts, newest first",
    body: pageQuery.extend({ id: int8IdSchema }),
    response: pageOf(staffLoginRecordSchema),
  }),
  adminStaffResetPassword: route({
    method: 'POST',
    path: '/admin/api/v1/staff/resetPassword',
    access: { operator: 'staff.manage' },
    tag: 'admin',
    summary: 'Give a staff account a new generated password (shown once) and end its sessions',
    body: staffIdBodySchema,
    response: z.object({ password: z.string() }),
  }),
  adminStaffResetTotp: route({
    method: 'POST',
    path: '/admin/api/v1/staff/resetTotp',
    access: { operator: 'staff.manage' },
    tag: 'admin',
    summary:
      "Unbind a staff account's authenticator (lost phone) and end its sessions; it enrolls again at its next sign-in",
    body: staffIdBodySchema,
    response: z.null(),
  }),
  adminAuditList: route({
    method: 'POST',
    path: '/admin/api/v1/audit/list',
    access: { operator: 'audit.read' },
    tag: 'admin',
    summary:
      'The audit log of staff actions on this site, newest first (超级管理员 also sees actions of no one site)',
    body: auditQuerySchema,
    response: pageOf(auditEntrySchema),
  }),
  depositChannels: route({
    method: 'POST',
    path: '/fd/api/v1/deposit/channels',
    access: 'member',
    tag: 'cashier',
    summary: 'Enabled deposit channels with their per-order limits',
    response: z.array(depositChannelSchema),
  }),
  depositCreate: route({
    method: 'POST',
    path: '/fd/api/v1/deposit/create',
    access: 'member',
    tag: 'cashier',
    summary: 'Create a deposit order; a known orderId answers the first order again',
    body: depositCreateBodySchema,
    response: depositOrderSchema,
  }),
  depositList: route({
    method: 'POST',
    path: '/fd/api/v1/deposit/list',
    access: 'member',
    tag: 'cashier',
    summary: "The member's deposit orders, newest first",
    body: pageQuery.default({ pageNum: 1, pageSize: 20 }),
    response: pageOf(depositOrderSchema),
  }),
  depositCallbackSandbox: route({
    method: 'POST',
    path: '/fd/api/v1/deposit/callback/sandbox',
    access: 'gateway',
    tag: 'cashier',
    summary: 'Sandbox gateway notification, HMAC-SHA256 signed; only a verified paid one credits',
    body: depositCallbackBodySchema,
    response: z.object({ orderNo: z.string(), status: z.enum(depositStatuses) }),
  }),
  adminDepositList: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/deposit/list',
    access: { operator: 'cashier.read' },
    tag: 'admin',
    summary: 'Deposit orders of this site, newest first, optionally of one status',
    body: pageQuery.extend({ status: z.enum(depositStatuses).optional() }),
    response: pageOf(depositOrderSchema.extend({ memberId: z.number().int() })),
  }),
  adminDepositConfirm: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/deposit/confirm',
    access: { operator: 'cashier.review' },
    tag: 'admin',
    summary: 'Confirm a pending bank-transfer deposit: credits the member',
    body: operatorOrderBodySchema,
    response: depositOrderSchema,
  }),
  adminDepositReject: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/deposit/reject',
    access: { operator: 'cashier.review' },
    tag: 'admin',
    summary: 'Reject a pending bank-transfer deposit',
    body: operatorOrderBodySchema,
    response: depositOrderSchema,
  }),
  fundsPasswordSet: route({
    method: 'POST',
    path: '/fd/api/v1/fundsPassword/set',
    access: 'member',
    tag: 'cashier',
    summary: 'Set the funds password (6 digits) once; change it with fundsPassword/change',
    body: fundsPasswordSetBodySchema,
    response: z.null(),
  }),
  fundsPasswordChange: route({
    method: 'POST',
    path: '/fd/api/v1/fundsPassword/change',
    access: 'member',
    tag: 'cashier',
    summary: 'Change the funds password with the current one',
    body: fundsPasswordChangeBodySchema,
    response: z.null(),
  }),
  withdrawAccountBanks: route({
    method: 'POST',
    path: '/fd/api/v1/withdrawAccount/banks',
    access: 'member',
    tag: 'cashier',
    summary: 'Banks a withdrawal card may belong to',
    response: z.array(bankSchema),
  }),
  withdrawAccountList: route({
    method: 'POST',
    path: '/fd/api/v1/withdrawAccount/list',
    access: 'member',
    tag: 'cashier',
    summary: "The member's withdrawal accounts, numbers masked",
    response: z.array(withdrawAccountSchema),
  }),
  withdrawAccountAdd: route({
    method: 'POST',
    path: '/fd/api/v1/withdrawAccount/add',
    access: 'member',
    tag: 'cashier',
    summary: 'Bind a bank card (16-19 digits, Luhn), e-wallet account or USDT address (TRC20 / ERC20)',
    body: withdrawAccountAddBodySchema,
    response: withdrawAccountSchema,
  }),
  withdrawAccountDelete: route({
    method: 'POST',
    path: '/fd/api/v1/withdrawAccount/delete',
    access: 'member',
    tag: 'cashier',
    summary: 'Remove a withdrawal account',
    body: z.object({ id: int8IdSchema }),
    response: z.null(),
  }),
  withdrawInfo: route({
    method: 'POST',
    path: '/fd/api/v1/withdraw/info',
    access: 'member',
    tag: 'cashier',
    summary:
      "Withdrawal rules: per-order limits, daily count and the site's fee (手续费), so 实际到账 shows before confirming",
    response: withdrawInfoSchema,
  }),
  withdrawApply: route({
    method: 'POST',
    path: '/fd/api/v1/withdraw/apply',
    access: 'member',
    tag: 'cashier',
    summary: 'Request a withdrawal: funds move to the hold account until the operator reviews it',
    body: withdrawApplyBodySchema,
    response: withdrawOrderSchema,
  }),
  withdrawList: route({
    method: 'POST',
    path: '/fd/api/v1/withdraw/list',
    access: 'member',
    tag: 'cashier',
    summary: "The member's withdrawals, newest first",
    body: pageQuery.default({ pageNum: 1, pageSize: 20 }),
    response: pageOf(withdrawOrderSchema),
  }),
  adminWithdrawList: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/withdraw/list',
    access: { operator: 'cashier.read' },
    tag: 'admin',
    summary: 'Withdrawals of this site, newest first, optionally of one status',
    body: pageQuery.extend({ status: z.enum(withdrawStatuses).optional() }),
    response: pageOf(adminWithdrawOrderSchema),
  }),
  adminWithdrawHold: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/withdraw/hold',
    access: { operator: 'cashier.review' },
    tag: 'admin',
    summary:
      'Take a pending withdrawal for review for 10 minutes (again to extend); refused with the holder while another reviewer has it',
    body: operatorOrderBodySchema.pick({ orderNo: true }),
    response: adminWithdrawOrderSchema,
  }),
  adminWithdrawRelease: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/withdraw/release',
    access: { operator: 'cashier.review' },
    tag: 'admin',
    summary: 'Let go of a withdrawal one holds for review',
    body: operatorOrderBodySchema.pick({ orderNo: true }),
    response: z.null(),
  }),
  adminWithdrawApprove: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/withdraw/approve',
    access: { operator: 'cashier.review' },
    tag: 'admin',
    summary: 'Approve a pending withdrawal: the held funds are paid out',
    body: operatorOrderBodySchema,
    response: withdrawOrderSchema,
  }),
  adminWithdrawReject: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/withdraw/reject',
    access: { operator: 'cashier.review' },
    tag: 'admin',
    summary: 'Reject a pending withdrawal: the held funds return to the main wallet',
    body: operatorOrderBodySchema,
    response: withdrawOrderSchema,
  }),
  adminWithdrawFee: route({
    method: 'GET',
    path: '/admin/api/v1/cashier/withdraw/fee',
    access: { operator: 'cashier.read' },
    tag: 'admin',
    summary: "This site's withdrawal fee rule, as members are charged it now",
    response: withdrawInfoSchema.shape.fee,
  }),
  adminWithdrawFeeSet: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/withdraw/fee',
    access: { operator: 'cashier.settings' },
    tag: 'admin',
    summary:
      "Set this site's withdrawal fee: basis points of the amount plus a fixed part, with an optional cap",
    body: withdrawFeeSetBodySchema,
    response: withdrawInfoSchema.shape.fee,
  }),
  auditSummary: route({
    method: 'POST',
    path: '/fd/api/v1/audit/summary',
    access: 'member',
    tag: 'cashier',
    summary: 'Turnover audit: required against completed valid bets, per deposit or bonus',
    response: auditSummarySchema,
  }),
  venueTransfer: route({
    method: 'POST',
    path: '/fd/api/v1/transfer/venue',
    access: 'member',
    tag: 'cashier',
    summary: 'Move money between the main wallet and a venue wallet; transferId is the idempotency key',
    body: venueTransferBodySchema,
    response: venueTransferResultSchema,
  }),
  venueRecall: route({
    method: 'POST',
    path: '/fd/api/v1/transfer/recall',
    access: 'member',
    tag: 'cashier',
    summary: 'One-click recall: every venue wallet balance back to the main wallet',
    body: z.object({ transferId: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, '须为 8-40 位字母、数字或 _-') }),
    response: z.array(venueBalanceSchema),
  }),
  autoTransfer: route({
    method: 'POST',
    path: '/fd/api/v1/transfer/auto',
    access: 'member',
    tag: 'cashier',
    summary: 'Switch automatic transfer into venues on launch (免转) on or off',
    body: z.object({ isAutoTransfer: z.boolean() }),
    response: z.object({ isAutoTransfer: z.boolean() }),
  }),
  walletSummary: route({
    method: 'POST',
    path: '/fd/api/v1/wallet/summary',
    access: 'member',
    tag: 'cashier',
    summary: 'Main wallet, each venue wallet, withdrawal hold and bonus balances',
    response: walletSummarySchema,
  }),
  transactionRecords: route({
    method: 'POST',
    path: '/fd/api/v1/record/trans',
    access: 'member',
    tag: 'cashier',
    summary:
      'Main wallet movements from the ledger, newest first, optionally within [startTime, endTime), of one type and one status, with the totals of every row kept',
    body: transRecordQuerySchema.default({ pageNum: 1, pageSize: 20 }),
    response: transRecordPageSchema,
  }),
  bonusWallet: route({
    method: 'POST',
    path: '/fd/api/v1/bonus/wallet',
    access: 'member',
    tag: 'cashier',
    summary: 'Bonus wallet (红利钱包) balance and the turnover multiple a move to main adds',
    response: bonusWalletSchema,
  }),
  bonusRecords: route({
    method: 'POST',
    path: '/fd/api/v1/record/bonus',
    access: 'member',
    tag: 'cashier',
    summary: 'Bonus wallet movements from the ledger, newest first, optionally within [startTime, endTime)',
    body: recordQuerySchema.default({ pageNum: 1, pageSize: 20 }),
    response: transRecordPageSchema,
  }),
  bonusConvert: route({
    method: 'POST',
    path: '/fd/api/v1/bonus/convert',
    access: 'member',
    tag: 'cashier',
    summary:
      'Move an amount (or all) from the bonus wallet to main, adding a turnover requirement; transferId is the idempotency key',
    body: bonusConvertBodySchema,
    response: bonusConvertResultSchema,
  }),
  adminAdjust: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/adjust',
    access: { operator: 'cashier.adjust' },
    tag: 'admin',
    summary:
      "Manual adjustment of a member's main or bonus wallet with a reason; adjustmentId is the idempotency key",
    body: adjustmentBodySchema,
    response: adjustmentResultSchema,
  }),
  adminAdjustRequests: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/adjust/requests',
    access: { operator: 'cashier.read' },
    tag: 'admin',
    summary: 'Adjustments above the approval threshold, waiting for (or decided by) a second staff member',
    body: pageQuery.extend({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
    response: pageOf(adjustmentRequestSchema),
  }),
  adminAdjustApprove: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/adjust/approve',
    access: { operator: 'cashier.adjust' },
    tag: 'admin',
    summary: 'A second staff member (never the requester) approves an adjustment request: the money moves',
    body: z.object({ adjustmentId: callerIdSchema }),
    response: adjustmentResultSchema,
  }),
  adminAdjustReject: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/adjust/reject',
    access: { operator: 'cashier.adjust' },
    tag: 'admin',
    summary: 'A second staff member rejects an adjustment request: nothing moves',
    body: z.object({
      adjustmentId: callerIdSchema,
      reason: z.string().trim().min(2, '请填写拒绝原因').max(200),
    }),
    response: z.null(),
  }),
  adminAdjustRule: route({
    method: 'GET',
    path: '/admin/api/v1/cashier/adjust/rule',
    access: { operator: 'cashier.read' },
    tag: 'admin',
    summary: "The site's approval threshold: adjustments above it wait for a second staff member",
    response: adjustmentRuleSchema,
  }),
  adminAdjustRuleSet: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/adjust/rule',
    access: { operator: 'cashier.settings' },
    tag: 'admin',
    summary:
      "Set the site's approval threshold for adjustments (0 sends every adjustment to a second staff member)",
    body: z.object({ approvalThreshold: yuanAmountSchema }),
    response: adjustmentRuleSchema,
  }),
  adminCashierActions: route({
    method: 'POST',
    path: '/admin/api/v1/cashier/actions',
    access: { operator: 'cashier.read' },
    tag: 'admin',
    summary: 'Audit log of operator money actions on this site, newest first',
    body: pageQuery,
    response: pageOf(operatorActionSchema),
  }),
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteResponse<N extends RouteName> = z.infer<Routes[N]['response']>;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
