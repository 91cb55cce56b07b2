import { type LoginResult, maskEmail, maskPhone, type registerBodySchema } from '@site/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DayRange } from '../db/days.ts';
import type { Database } from '../db/schema.ts';
import { type CallerRequest, callerOf, type MemberPrincipal } from '../http/access.ts';
import { loadMember, type MemberContext, presentMember } from './context.ts';
import { changePassword, resetPassword, resetPasswordByStaff, sendPasswordResetCode } from './password.ts';
import { register } from './registration.ts';
import * as store from './store.ts';
import { disableTotp, enableTotp, setupTotp, verifyMemberTotp, verifySecondFactor } from './two-factor.ts';

export type { MemberSessions } from './context.ts';
export type MemberService = ReturnType<typeof createMemberService>;
/** A member account as the session part reads it to sign the member in. */
export type MemberAccount = store.MemberRow;

/**
 * Member accounts: registration and referrals, the profile, passwords, two-factor and the
 * account status. Routes, the session part and other domains call this.
 */
/** The distinct members of some rows, for `summariesOf`; rows without a member are left out. */
export function memberIdsOf(rows: ReadonlyArray<{ member_id: bigint | null }>): bigint[] {
  return [...new Set(rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id])))];
}

export function createMemberService(ctx: MemberContext) {
  return {
    register: (request: CallerRequest, body: z.output<typeof registerBodySchema>): Promise<LoginResult> =>
      register(ctx, callerOf(request), body),
    /** The member's profile; wallet money (`lockMoney`) is the cashier's to add. */
    memberInfo: async (principal: MemberPrincipal) =>
      presentMember(await loadMember(ctx, principal.memberId)),
    async changePassword(
      request: CallerRequest,
      principal: MemberPrincipal,
      body: Parameters<typeof changePassword>[3],
    ) {
      await changePassword(ctx, callerOf(request), principal, body);
    },
    sendPasswordResetCode: (request: CallerRequest, body: Parameters<typeof sendPasswordResetCode>[2]) =>
      sendPasswordResetCode(ctx, callerOf(request), body),
    resetPassword: (request: CallerRequest, body: Parameters<typeof resetPassword>[2]) =>
      resetPassword(ctx, callerOf(request), body),
    setupTotp: (principal: MemberPrincipal) => setupTotp(ctx, principal),
    enableTotp: (principal: MemberPrincipal, code: string) => enableTotp(ctx, principal, code),
    disableTotp: (principal: MemberPrincipal, body: { code: string; password: string }) =>
      disableTotp(ctx, principal, body),
    /** Withdrawals call this: with two-factor on, a valid unused code is required (10409). */
    verifySecondFactor: (memberId: bigint, code: string | undefined) =>
      verifySecondFactor(ctx, memberId, code),
    memberSiteIdOf: async (memberId: bigint) => (await store.findMemberById(ctx.db, memberId))?.site_id,

    /** Usernames are stored in lower case; undefined for an unknown one. */
    findByUsername: (siteId: number, username: string): Promise<MemberAccount | undefined> =>
      store.findMemberByUsername(ctx.db, siteId, username.toLowerCase()),
    findById: (memberId: bigint): Promise<MemberAccount | undefined> =>
      store.findMemberById(ctx.db, memberId),
    present: presentMember,
    /** A login's two-factor check, counted per account and per IP (10409, 6501). */
    verifyTotp: (member: MemberAccount, code: string | undefined, ip: string) =>
      verifyMemberTotp(ctx, member, code, ip),
    /** Called first in a login's transaction; answers the status, which a block may just have changed. */
    recordLogin: (tx: Transaction<Database>, memberId: bigint, at: Date) =>
      store.recordLogin(tx, memberId, at),

    /** Blocks the account and ends its sessions at once; false for an unknown username. */
    async block(siteId: number, username: string, reason: string): Promise<boolean> {
      const ended = await ctx.db.transaction().execute(async (tx) => {
        const memberId = await store.setMemberStatus(tx, siteId, username.toLowerCase(), 'blocked', reason);
        return memberId === undefined ? undefined : ctx.sessions.endAll(tx, memberId, 'blocked');
      });
      await ended?.announce();
      return ended !== undefined;
    },
    /** For staff: see `resetPasswordByStaff`; `alsoInTransaction` commits with the reset. */
    resetPasswordByStaff: (
      siteId: number,
      username: string,
      alsoInTransaction: Parameters<typeof resetPasswordByStaff>[3],
    ) => resetPasswordByStaff(ctx, siteId, username, alsoInTransaction),
    /**
     * For staff: ends every live session of the member (they answer 10004), in one transaction with
     * `alsoInTransaction`; undefined for an unknown username.
     */
    async forceLogout(
      siteId: number,
      username: string,
      alsoInTransaction: (tx: Transaction<Database>, sessionsEnded: number) => Promise<void>,
    ): Promise<{ username: string; sessionsEnded: number } | undefined> {
      const member = await store.findMemberByUsername(ctx.db, siteId, username.toLowerCase());
      if (!member) {
        return undefined;
      }
      const ended = await ctx.db.transaction().execute(async (tx) => {
        const sessions = await ctx.sessions.endAll(tx, member.id, 'logout');
        await alsoInTransaction(tx, sessions.count);
        return sessions;
      });
      await ended.announce();
      return { username: member.username, sessionsEnded: ended.count };
    },
    /**
     * For staff searches by username: undefined when no name is asked for, null when the name is
     * nobody of the site (the search then finds nothing), else the member's id.
     */
    async memberIdFilter(siteId: number, username: string | undefined): Promise<bigint | null | undefined> {
      if (username === undefined || username === '') {
        return undefined;
      }
      return (await store.findMemberByUsername(ctx.db, siteId, username.toLowerCase()))?.id ?? null;
    },
    /** For staff: members of the site by id, unknown ones left out. */
    async summariesOf(siteId: number, memberIds: ReadonlyArray<bigint>) {
      const rows = await store.findMembersByIds(ctx.db, siteId, memberIds);
      return new Map(rows.map((row) => [row.id, summaryOf(row)]));
    },
    /** False for an unknown username. Ended sessions stay ended: the member signs in again. */
    unblock: async (siteId: number, username: string): Promise<boolean> =>
      (await store.setMemberStatus(ctx.db, siteId, username.toLowerCase(), 'active', '')) !== undefined,
    /** For staff: members of a site matching one criterion, newest first, phones masked. */
    async search(
      siteId: number,
      criterion: Parameters<typeof store.searchMembers>[2],
      page: { pageNum: number; pageSize: number },
      sort: Parameters<typeof store.searchMembers>[4] = {},
    ) {
      const { list, total } = await store.searchMembers(ctx.db, siteId, criterion, page, sort);
      return { list: list.map(summaryOf), total, ...page };
    },
    /** For staff: a member's profile with the inviter's username; undefined for an unknown one. */
    async staffProfile(siteId: number, username: string) {
      const member = await store.findMemberByUsername(ctx.db, siteId, username.toLowerCase());
      if (!member) {
        return undefined;
      }
      const inviter = member.inviter_member_id
        ? await store.findMemberById(ctx.db, member.inviter_member_id)
        : undefined;
      return {
        ...summaryOf(member),
        email: member.email ? maskEmail(member.email) : null,
        blockedReason: member.blocked_reason,
        inviteCode: member.invite_code,
        inviterUsername: inviter?.username ?? null,
        isTotpEnabled: member.is_totp_enabled,
      };
    },
    /** For reports: registrations on the site per calendar day of `range`. */
    registrationsPerDay: (siteId: number, range: DayRange) =>
      store.registrationsPerDay(ctx.db, siteId, range),
    blocked: async (siteId: number) =>
      (await store.listBlockedMembers(ctx.db, siteId)).map((member) => ({
        username: member.username,
        reason: member.blocked_reason,
        createdAt: member.created_at.toISOString(),
      })),
  };
}

function summaryOf(member: {
  id: bigint;
  username: string;
  phone: string | null;
  status: 'active' | 'blocked';
  created_at: Date;
  last_login_at: Date | null;
}) {
  return {
    memberId: Number(member.id),
    username: member.username,
    phone: member.phone ? maskPhone(member.phone) : null,
    status: member.status,
    createdAt: member.created_at.toISOString(),
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
  };
}
