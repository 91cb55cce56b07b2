import type { memberLedgerQuerySchema, memberSearchBodySchema } from '@site/contract';
import type { z } from 'zod';
import { validationError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import type { CashierService } from '../cashier/service.ts';
import type { Db } from '../db/database.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { IdentityService } from '../identity/service.ts';
import type { MemberService } from '../member/service.ts';
import type { SessionService } from '../session/service.ts';
import type { Clock } from '../stores/clock.ts';
import { createLinkedAccounts, type LinkedAccountsDeps } from './linked-accounts.ts';
import * as store from './store.ts';

/** A search by real name, IP or device lists at most this many members. */
const matchesMax = 200;
const notesShown = 50;

type Page = { pageNum: number; pageSize: number };

/** The services the member view reads; the composition root hands them in. */
export interface MemberViewDeps {
  db: Db;
  clock: Clock;
  members: Pick<MemberService, 'search' | 'staffProfile' | 'findByUsername'> & LinkedAccountsDeps['members'];
  sessions: Pick<SessionService, 'membersSeenFrom'> & LinkedAccountsDeps['sessions'];
  identity: Pick<IdentityService, 'membersWithRealName' | 'status'>;
  cashier: Pick<
    CashierService,
    | 'walletSummary'
    | 'withdrawAccounts'
    | 'memberDeposits'
    | 'siteWithdrawals'
    | 'transactionRecords'
    | 'bonusRecords'
  > &
    LinkedAccountsDeps['cashier'];
  audit: Pick<AuditLog, 'record'>;
}

export type MemberView = ReturnType<typeof createMemberView>;

/**
 * The console's view of a site's members: search by what a player or a complaint names, the
 * member's whole picture from the parts that own each piece, and staff notes.
 */
export function createMemberView(deps: MemberViewDeps) {
  const presentNote = (row: { id: bigint; operator_username: string; text: string; created_at: Date }) => ({
    id: Number(row.id),
    operatorUsername: row.operator_username,
    text: row.text,
    createdAt: row.created_at.toISOString(),
  });

  const memberIdsFor = (siteId: number, field: 'realName' | 'ip' | 'device', value: string) => {
    if (field === 'realName') {
      return deps.identity.membersWithRealName(siteId, value, matchesMax);
    }
    const source = field === 'ip' ? { ip: value } : { deviceUuid: value };
    return deps.sessions.membersSeenFrom(siteId, source, matchesMax);
  };

  const findMember = async (siteId: number, username: string) => {
    const member = await deps.members.findByUsername(siteId, username);
    if (!member) {
      throw validationError('username', '会员不存在');
    }
    return member;
  };

  return {
    /** Who shares a device, an IP or a payout account with a member, and the site-wide list. */
    linked: createLinkedAccounts(deps),

    async deposits(siteId: number, query: Page & { username: string }) {
      const member = await findMember(siteId, query.username);
      const page = { pageNum: query.pageNum, pageSize: query.pageSize };
      return deps.cashier.memberDeposits({ siteId, memberId: member.id }, page);
    },

    async withdrawals(siteId: number, query: Page & { username: string }) {
      const member = await findMember(siteId, query.username);
      const page = { pageNum: query.pageNum, pageSize: query.pageSize };
      return deps.cashier.siteWithdrawals(siteId, { ...page, memberId: member.id });
    },

    /** The member's main or bonus wallet entries, as the ledger keeps them. */
    async ledger(siteId: number, query: z.output<typeof memberLedgerQuerySchema>) {
      const member = await findMember(siteId, query.username);
      const ref = { siteId, memberId: member.id };
      const { username: _username, wallet, ...records } = query;
      return wallet === 'bonus'
        ? deps.cashier.bonusRecords(ref, records)
        : deps.cashier.transactionRecords(ref, records);
    },

    async search(siteId: number, query: z.output<typeof memberSearchBodySchema>) {
      const page = { pageNum: query.pageNum, pageSize: query.pageSize };
      const sort = { sortBy: query.sortBy, sortOrder: query.sortOrder };
      const { field, value } = query;
      if (field === 'username') {
        return deps.members.search(siteId, { username: value.toLowerCase() }, page, sort);
      }
      if (field === 'phone') {
        return deps.members.search(siteId, { phone: value }, page, sort);
      }
      if (field === 'inviteCode') {
        return deps.members.search(siteId, { inviteCode: value }, page, sort);
      }
      const memberIds = await memberIdsFor(siteId, field, value);
      return deps.members.search(siteId, { memberIds }, page, sort);
    },

    async detail(siteId: number, username: string) {
      const profile = await deps.members.staffProfile(siteId, username);
      if (!profile) {
        throw validationError('username', '会员不存在');
      }
      const member = { memberId: BigInt(profile.memberId), siteId };
      const [identity, wallet, payoutAccounts, notes] = await Promise.all([
        deps.identity.status(member),
        deps.cashier.walletSummary(member),
        deps.cashier.withdrawAccounts(member),
        store.listMemberNotes(deps.db, member.memberId, notesShown),
      ]);
      return { profile, identity, wallet, payoutAccounts, notes: notes.map(presentNote) };
    },

    /** Adds a staff note to a member; the note and its audit entry commit together. */
    async addNote(actor: OperatorPrincipal, body: { username: string; text: string }) {
      const member = await findMember(actor.siteId, body.username);
      return deps.db.transaction().execute(async (tx) => {
        const note = await store.insertMemberNote(tx, {
          siteId: actor.siteId,
          memberId: member.id,
          operatorId: actor.operatorId,
          operatorUsername: actor.username,
          text: body.text,
          at: new Date(deps.clock.now()),
        });
        const entry = { siteId: actor.siteId, action: 'member.note', target: member.username };
        await deps.audit.record(actor, { ...entry, before: null, after: { text: body.text } }, tx);
        return presentNote(note);
      });
    },
  };
}
