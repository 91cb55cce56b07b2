import { type Fen, formatMoneyDisplay } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import type { CashierService } from '../cashier/service.ts';
import type { LaunchSession, VenueEngine } from './engine.ts';
import type { Venue } from './registry.ts';
import type { VenueService } from './service.ts';

/**
 * The page a launch URL opens on our own venue host (`/venue/<code>/?token=…`), inside the site's
 * venue frame: the venue's name, the balance the member plays with there, and its games. A
 * category's engine serves its games here when it lands; until then the lobby says so instead
 * of inventing a game. It holds a balance, so it is never cached.
 */

const lobbyStyle = `*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,"PingFang SC","Noto Sans CJK SC","WenQuanYi Zen Hei",sans-serif;background:#f5f6f8;color:#262a33}
main{max-width:520px;margin:0 auto;padding:16px}
header{display:flex;align-items:center;gap:12px;margin:8px 0 16px}
header img{width:48px;height:48px;border-radius:12px;background:#fff}
h1{margin:0;font-size:20px}
h2{margin:0 0 8px;font-size:16px}
.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:12px;box-shadow:0 1px 4px rgba(0,0,0,.06)}
.label{margin:0;color:#5e626d;font-size:13px}
.amount{margin:4px 0 0;font-size:26px;font-weight:700;color:#5c4126}
.empty{margin:0;color:#414655;line-height:1.6}
.note{margin:0;font-size:13px;color:#5e626d;line-height:1.6}
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/venue/lobby.css">
</head><body><main>${body}</main></body></html>`;
}

/** Which balance the member plays with in this venue, and how it is worded. */
function balanceLines(venue: Venue, session: LaunchSession): { label: string; note: string } {
  if (session.is_demo) {
    return { label: '试玩余额', note: '试玩币仅供体验，与您的账户余额无关，不可提现。' };
  }
  if (venue.walletMode === 'transfer') {
    return { label: '场馆余额', note: '场馆余额可点击上方「回收余额」一键转回中心钱包。' };
  }
  return { label: '账户余额', note: '本场馆为免转钱包，投注与派彩直接计入中心钱包。' };
}

export function lobbyPage(venue: Venue, session: LaunchSession, balanceFen: Fen): string {
  const { label, note } = balanceLines(venue, session);
  return page(
    venue.name,
    `<header><img src="${escapeHtml(venue.logo)}" alt=""><h1>${escapeHtml(venue.name)}</h1></header>
<section class="card" aria-label="${label}"><p class="label">${label}</p><p class="amount">¥${formatMoneyDisplay(balanceFen)}</p></section>
<section class="card"><h2>游戏</h2><p class="empty">本场馆的游戏即将开放，敬请期待。</p></section>
<p class="note">${note}</p>`,
  );
}

const expiredPage = page(
  '登录已失效',
  '<section class="card"><h1>登录已失效</h1><p class="empty">请返回后重新进入场馆。</p></section>',
);

export function registerVenueLobby(
  app: FastifyInstance,
  deps: { venues: VenueService; engine: VenueEngine; cashier: Pick<CashierService, 'venueBalance'> },
) {
  app.get('/venue/lobby.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(lobbyStyle),
  );
  app.get<{ Params: { code: string }; Querystring: { token?: string } }>(
    '/venue/:code/',
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const token = request.query.token;
      const session =
        typeof token === 'string' && token !== '' ? await deps.venues.sessionOf(token) : undefined;
      const venue = session && (await deps.venues.get(session.site_id, session.venue_code));
      if (!session || !venue || venue.code.toLowerCase() !== request.params.code.toLowerCase()) {
        return reply.code(401).send(expiredPage);
      }
      const balanceFen =
        venue.walletMode === 'transfer' && !session.is_demo && session.member_id !== null
          ? await deps.cashier.venueBalance(
              { siteId: session.site_id, memberId: session.member_id },
              session.venue_code,
            )
          : await deps.engine.balance(session);
      return lobbyPage(venue, session, balanceFen);
    },
  );
}
