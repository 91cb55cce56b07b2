import { routes } from '@site/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sendNotFound } from '../http/errors.ts';
import type { CashierService } from './service.ts';

/**
 * The play-money payment gateway, served by our own node: its pay page lets the player confirm
 * or cancel, and the gateway then calls our callback route with a signed notification, exactly
 * as an outside gateway would.
 */
const orderNoPattern = /^D[0-9a-f]{24}$/;
/** Where the gateway sends the player back: the site's deposit page shows the latest order. */
const merchantReturnPath = '/mine/finance/deposit';
/** Seconds the page waits after paying or cancelling before it returns to the site by itself. */
const returnDelaySeconds = 3;

/** The sandbox's pages and the contract routes that exist only for it. */
const sandboxPathPrefix = '/sandbox/';
const sandboxContractPaths = new Set<string>([routes.depositCallbackSandbox.path, routes.adminOutbox.path]);

/**
 * Outside sandbox mode, the sandbox's routes answer 404 before any guard or access check runs,
 * exactly as an unknown path: nobody can pay an order through the play-money gateway, forge its
 * callback, or read the messages the sandbox sender kept. Install before any route is added.
 */
export function withholdSandboxRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith(sandboxPathPrefix) || sandboxContractPaths.has(route.url)) {
      route.onRequest = async (request, reply) => sendNotFound(request, reply);
    }
  });
}

/** The API document without the sandbox's routes, for a node that does not serve them. */
export function withoutSandboxPaths<D extends { paths: Record<string, unknown> }>(document: D): D {
  const paths = Object.entries(document.paths).filter(([path]) => !sandboxContractPaths.has(path));
  return { ...document, paths: Object.fromEntries(paths) };
}

export function registerSandboxGateway(app: FastifyInstance, cashier: CashierService) {
  app.get('/sandbox/pay.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(payScript),
  );
  app.get('/sandbox/pay.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(payStyle),
  );
  app.get<{ Params: { orderNo: string } }>('/sandbox/pay/:orderNo', async (request, reply) => {
    const view = orderNoPattern.test(request.params.orderNo)
      ? await cashier.sandboxPayView(request.params.orderNo)
      : undefined;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!view) {
      return reply
        .code(404)
        .send(page('订单不存在', `<main class="card"><p>找不到该支付订单。</p>${backLink(false)}</main>`));
    }
    return page('沙盒支付 · 模拟收银台', payForm(view));
  });

  app.post<{ Params: { orderNo: string; outcome: string } }>(
    '/sandbox/pay/:orderNo/:outcome',
    async (request, reply) => {
      const { orderNo, outcome } = request.params;
      const order = orderNoPattern.test(orderNo) ? await cashier.depositForSandbox(orderNo) : undefined;
      if (!order || (outcome !== 'confirm' && outcome !== 'cancel')) {
        return reply.code(404).send({ code: 404, message: '订单不存在', data: null });
      }
      const callback = await app.inject({
        method: 'POST',
        url: routes.depositCallbackSandbox.path,
        payload: cashier.sandboxCallbackFor(order, outcome === 'confirm' ? 'paid' : 'cancelled'),
      });
      return callback.json();
    },
  );
}

const statusWords: Record<string, string> = {
  pending: '待支付',
  paid: '支付成功',
  rejected: '支付失败',
  expired: '订单已过期',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function backLink(isHidden: boolean): string {
  return `<a id="back" class="back" href="${merchantReturnPath}"${isHidden ? ' hidden' : ''}>返回商户</a>`;
}

/**
 * A cashier page as a gateway shows it: the 沙盒 marker, merchant, order number, amount, the time
 * left to pay, 确认支付 / 取消; after either it counts down and returns to the site by itself.
 */
function payForm(view: {
  orderNo: string;
  amount: string;
  status: string;
  merchant: string;
  expiresAt: Date;
  isExpired: boolean;
}) {
  const isPayable = view.status === 'pending' && !view.isExpired;
  const status = view.status === 'pending' && view.isExpired ? 'expired' : view.status;
  return `<header class="bar"><span class="brand">模拟收银台</span><span class="badge">沙盒 · 模拟支付</span></header>
<main id="pay" class="card" data-order-no="${view.orderNo}" data-expires-at="${view.expiresAt.toISOString()}" data-return-to="${merchantReturnPath}" data-return-delay="${returnDelaySeconds}">
<h1>订单支付</h1>
<p class="amount"><small>¥</small>${view.amount}</p>
<dl>
<div><dt>商户</dt><dd>${escapeHtml(view.merchant)}</dd></div>
<div><dt>订单号</dt><dd class="mono">${view.orderNo}</dd></div>
<div><dt>订单状态</dt><dd id="status">${statusWords[status] ?? status}</dd></div>
${isPayable ? '<div><dt>剩余支付时间</dt><dd id="countdown" class="countdown">--:--</dd></div>' : ''}
</dl>
<p id="result" class="note" role="status">${isPayable ? '演示环境：确认后模拟支付成功，不产生真实扣款。' : '该订单无需支付。'}</p>
${
  isPayable
    ? `<button id="confirm" type="button" data-outcome="confirm">确认支付</button>
<button id="cancel" type="button" class="secondary" data-outcome="cancel">取消支付</button>`
    : ''
}
${backLink(isPayable)}
</main>
<footer class="foot">此页面为沙盒网关，仅用于演示与测试，不会发生真实交易。</footer>`;
}

/** Loaded from a file, as the content security policy allows no inline script. */
const payScript = `const pay = document.getElementById('pay');
const buttons = () => document.querySelectorAll('button[data-outcome]');
buttons().forEach((button) => {
  button.addEventListener('click', () => act(button.dataset.outcome));
});
const countdown = document.getElementById('countdown');
if (pay && countdown) {
  const expiresAt = Date.parse(pay.dataset.expiresAt);
  const tick = () => {
    const left = Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
    countdown.textContent = String(Math.floor(left / 60)).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0');
    if (left === 0) {
      clearInterval(timer);
      buttons().forEach((button) => { button.disabled = true; });
      document.getElementById('status').textContent = '订单已过期';
      document.getElementById('result').textContent = '订单已过期，请返回商户重新下单。';
      document.getElementById('back').hidden = false;
    }
  };
  const timer = setInterval(tick, 1000);
  tick();
}
function returnSoon(text) {
  let left = Number(pay.dataset.returnDelay);
  const result = document.getElementById('result');
  const show = () => { result.textContent = text + '，' + left + ' 秒后自动返回商户…'; };
  show();
  const timer = setInterval(() => {
    left -= 1;
    if (left <= 0) {
      clearInterval(timer);
      window.location.assign(pay.dataset.returnTo);
      return;
    }
    show();
  }, 1000);
}
async function act(outcome) {
  buttons().forEach((button) => { button.disabled = true; });
  const response = await fetch('/sandbox/pay/' + pay.dataset.orderNo + '/' + outcome, { method: 'POST' });
  const answer = await response.json();
  document.getElementById('back').hidden = false;
  if (countdown) { countdown.parentElement.hidden = true; }
  if (answer.code !== 6000) {
    document.getElementById('result').textContent = answer.message;
    return;
  }
  const isPaid = answer.data.status === 'paid';
  document.getElementById('status').textContent = isPaid ? '支付成功' : '已取消';
  returnSoon(isPaid ? '支付成功' : '支付已取消');
}
`;

/** The site's champagne-gold theme, so the sandbox reads as part of the same demo. */
const payStyle = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f8f8f8;color:#414655}
.bar{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:14px 18px;background:linear-gradient(135deg,#bd9d7d,#f9ddbd);color:#5c4126}
.brand{font-size:17px;font-weight:700}
.badge{padding:4px 10px;border-radius:999px;background:#5c4126;color:#f9ddbd;font-size:12px;font-weight:600}
.card{max-width:420px;margin:16px auto;padding:20px 18px;background:#fefffe;border-radius:12px;box-shadow:0 2px 12px rgba(65,70,85,.08)}
h1{margin:0;font-size:15px;font-weight:600;text-align:center;color:#5e626d}
.amount{margin:8px 0 16px;text-align:center;font-size:36px;font-weight:700;color:#414655}
.amount small{font-size:20px;margin-right:2px}
dl{margin:0 0 12px;display:grid;gap:10px;font-size:14px}
dl div{display:flex;justify-content:space-between;gap:12px}
dt{color:#5e626d}
dd{margin:0;text-align:right;word-break:break-all}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
.countdown{color:#b4263a;font-weight:600}
.note{margin:12px 0;padding:10px 12px;border-radius:8px;background:#fbf5ee;color:#5c4126;font-size:13px;line-height:1.6}
button{display:block;width:100%;min-height:48px;margin:10px 0 0;border:0;border-radius:999px;font-size:16px;font-weight:600;background:linear-gradient(135deg,#bd9d7d,#f9ddbd);color:#5c4126;cursor:pointer}
button.secondary{background:#eee;color:#414655}
button:disabled{opacity:.5;cursor:not-allowed}
.back{display:flex;align-items:center;justify-content:center;min-height:48px;margin-top:8px;color:#5c4126;font-weight:600}
.back[hidden]{display:none}
.foot{max-width:420px;margin:0 auto 24px;padding:0 18px;text-align:center;font-size:12px;color:#5e626d}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/sandbox/pay.css">
<script src="/sandbox/pay.js" defer></script>
</head><body>${body}</body></html>`;
}
