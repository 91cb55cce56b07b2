import { formatFen, routes } from '@site/contract';
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
    const order = orderNoPattern.test(request.params.orderNo)
      ? await cashier.depositForSandbox(request.params.orderNo)
      : undefined;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!order) {
      return reply.code(404).send(page('订单不存在', '<p>找不到该支付订单。</p>'));
    }
    return page('沙盒支付', payForm(order.order_no, formatFen(order.amount_fen), order.status));
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

function payForm(orderNo: string, amount: string, status: string): string {
  const isPending = status === 'pending';
  return `<main id="pay" data-order-no="${orderNo}">
<h1>沙盒支付网关</h1>
<p>订单号：${orderNo}</p>
<p class="amount">应付金额：¥${amount}</p>
<p id="result">${isPending ? '请确认支付（演示环境，不产生真实扣款）' : `订单状态：${status}`}</p>
${
  isPending
    ? `<button id="confirm" data-outcome="confirm">确认支付</button>
<button id="cancel" class="secondary" data-outcome="cancel">取消</button>`
    : ''
}
<a id="back" class="back" href="${merchantReturnPath}"${isPending ? ' hidden' : ''}>返回商户</a>
</main>`;
}

/** Loaded from a file, as the content security policy allows no inline script. */
const payScript = `document.querySelectorAll('button[data-outcome]').forEach((button) => {
  button.addEventListener('click', () => act(button.dataset.outcome));
});
async function act(outcome) {
  document.querySelectorAll('button').forEach((button) => { button.disabled = true; });
  const orderNo = document.getElementById('pay').dataset.orderNo;
  const response = await fetch('/sandbox/pay/' + orderNo + '/' + outcome, { method: 'POST' });
  const answer = await response.json();
  document.getElementById('result').textContent = answer.code === 6000
    ? (answer.data.status === 'paid' ? '支付成功，请返回商户页面' : '支付已取消')
    : answer.message;
  document.getElementById('back').hidden = false;
}
`;

const payStyle = `body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
.amount{font-size:24px;font-weight:bold;color:#e4393c}
button{width:100%;padding:12px;margin:8px 0;border:0;border-radius:6px;font-size:16px;background:#1677ff;color:#fff}
button.secondary{background:#eee;color:#333}
.back{display:block;text-align:center;padding:12px;color:#1677ff}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/sandbox/pay.css">
<script src="/sandbox/pay.js" defer></script>
</head><body>${body}</body></html>`;
}
