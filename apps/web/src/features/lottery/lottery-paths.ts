import { gameCategorySlugs } from '../../lib/paths.ts';

const hallPath = `/game/${gameCategorySlugs.CP}`;

export const lotteryGamePath = (gameCode: string) => `${hallPath}/${gameCode}`;
export const lotteryTrendPath = (gameCode: string) => `${hallPath}/${gameCode}/trend`;

/** The verifier, on one issue when given. */
export function lotteryVerifyPath(issue?: { gameCode: string; issueNo: string }): string {
  const path = `${hallPath}/verify`;
  return issue ? `${path}?${new URLSearchParams({ game: issue.gameCode, issue: issue.issueNo })}` : path;
}
