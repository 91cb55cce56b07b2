/** `npm run bench -- <name>`: each benchmark prints its figure next to a baseline from the same run. */
import { runApiBench } from './api.ts';
import { runBetsBench } from './bets.ts';
import { runChatBench } from './chat.ts';
import { runLedgerBench } from './ledger.ts';
import { runLoginBench } from './login.ts';
import { runLotteryBench } from './lottery.ts';
import { runWalletBench } from './wallet.ts';
import { runWebBench } from './web.ts';

const benches: Record<string, () => Promise<void>> = {
  api: runApiBench,
  login: runLoginBench,
  ledger: runLedgerBench,
  web: runWebBench,
  chat: runChatBench,
  wallet: runWalletBench,
  lottery: runLotteryBench,
  bets: runBetsBench,
};

const name = process.argv[2] ?? '';
const bench = benches[name];
if (!bench) {
  process.stderr.write(`usage: npm run bench -- <${Object.keys(benches).join('|')}>\n`);
  process.exit(2);
}
await bench();
process.exit(0);
