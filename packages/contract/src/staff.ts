import { z } from 'zod';
import { recordQueryWith } from './cashier.ts';
import { int4Max } from './http.ts';
import { int8IdSchema, sortQuery } from './http-schemas.ts';

/**
 * What an operator may do. Every operator route names the one it needs; the server checks it on
 * each call against the permissions of the operator's role. `book.write` acts on the sportsbook
 * every site shares (its results, 封盘 and margins and limits), so only 超级管理员 holds it.
 */
export const operatorPermissions = [
  'risk.read',
  'risk.write',
  'member.read',
  'member.note',
  'member.write',
  'identity.review',
  'identity.settings',
  'cashier.read',
  'cashier.review',
  'cashier.adjust',
  'cashier.settings',
  'report.read',
  'site.read',
  'site.write',
  'sandbox.read',
  'chat.read',
  'chat.write',
  'venue.read',
  'venue.write',
  'bets.read',
  'bets.write',
  'book.write',
  'staff.manage',
  'audit.read',
] as const;
export type OperatorPermission = (typeof operatorPermissions)[number];

/**
 * Staff roles. 超级管理员 works on every site and alone manages staff and the shared sportsbook;
 * every other role works on the sites its account names.
 */
export const operatorRoles = ['super_admin', 'site_admin', 'finance', 'risk', 'support', 'content'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const operatorRoleNames: Record<OperatorRole, string> = {
  super_admin: '超级管理员',
  site_admin: '站点管理员',
  finance: '财务',
  risk: '风控',
  support: '客服',
  content: '运营',
};

/**
 * The permissions of each role, shared by the server (which enforces them on every call) and the
 * console (which hides what a role cannot do). 运营 edits the site's content (站点) and its venues
 * (场馆); 客服 reads both, to answer players about notices and maintenance; 风控 reads the venue
 * launch log beside the member's other traces. 客服 moderates the chat; 运营 reads its log. 财务, 风控
 * and 客服 read bet records and seamless wallet calls (注单, 免转交易); only 站点管理员 sets the bet rules.
 * The sportsbook's results, 封盘 and settings are the whole book's: 超级管理员 sets them.
 */
export const operatorRolePermissions: Record<OperatorRole, ReadonlyArray<OperatorPermission>> = {
  super_admin: operatorPermissions,
  site_admin: operatorPermissions.filter(
    (permission) => permission !== 'staff.manage' && permission !== 'book.write',
  ),
  finance: [
    'member.read',
    'member.note',
    'cashier.read',
    'cashier.review',
    'cashier.adjust',
    'report.read',
    'bets.read',
  ],
  risk: [
    'member.read',
    'member.note',
    'member.write',
    'risk.read',
    'risk.write',
    'identity.review',
    'cashier.read',
    'report.read',
    'venue.read',
    'bets.read',
  ],
  support: [
    'member.read',
    'member.note',
    'risk.read',
    'site.read',
    'venue.read',
    'bets.read',
    'chat.read',
    'chat.write',
  ],
  content: ['site.read', 'site.write', 'venue.read', 'venue.write', 'chat.read'],
};

export function roleHasPermission(role: OperatorRole, permission: OperatorPermission): boolean {
  return operatorRolePermissions[role].includes(permission);
}

/** Roles that move money or manage staff sign in with a TOTP code as well as the password. */
export function roleRequiresTotp(role: OperatorRole): boolean {
  return (['cashier.review', 'cashier.adjust', 'staff.manage'] as const).some((permission) =>
    roleHasPermission(role, permission),
  );
}

const siteIdSchema = z.int().min(1).max(int4Max);

/**
 * The sites a staff account works on: none for 超级管理员 (every site), at least one for every
 * other role. A union on the role, so each payload's shape says which applies.
 */
function withAssignment<T extends z.ZodRawShape>(fields: T) {
  return z.discriminatedUnion('role', [
    z.object({
      ...fields,
      role: z.literal('super_admin'),
      siteIds: z.array(siteIdSchema).max(0, '超级管理员适用全部站点，无需指定站点').default([]),
    }),
    z.object({
      ...fields,
      role: z.enum(
        operatorRoles.filter((role) => role !== 'super_admin') as [OperatorRole, ...OperatorRole[]],
      ),
      siteIds: z.array(siteIdSchema).min(1, '请至少指定一个站点').max(100),
    }),
  ]);
}

export const staffCreateBodySchema = withAssignment({
  username: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{2,31}$/, '须为3-32位小写字母、数字或下划线，以字母开头'),
});

export const staffUpdateBodySchema = withAssignment({ id: int8IdSchema, isActive: z.boolean() });

export const staffIdBodySchema = z.object({ id: int8IdSchema });

export const staffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(operatorRoles),
  siteIds: z.array(z.number().int()),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

/** A new staff account with its generated password, which only the creator ever sees. */
export const staffCreatedSchema = z.object({ staff: staffSchema, password: z.string() });

export const staffLoginRecordSchema = z.object({
  at: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  succeeded: z.boolean(),
});

/** What staff actions the audit log names, e.g. `staff.create`, `risk.block`. */
export const auditActionPattern = /^[a-z]+\.[a-z_]+$/;

/** What the console may sort the audit log by (the list's field names). */
export const auditSortKeys = ['at', 'operatorUsername', 'action'] as const;
export type AuditSortKey = (typeof auditSortKeys)[number];

export const auditQuerySchema = recordQueryWith({
  ...sortQuery(auditSortKeys),
  operatorUsername: z.string().trim().toLowerCase().max(32).optional(),
  action: z.string().trim().regex(auditActionPattern, '操作类型格式不正确').optional(),
  target: z.string().trim().max(200).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorUsername: z.string(),
  /** null for actions that belong to no one site, such as managing staff. */
  siteId: z.number().int().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
