import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { ChatService } from './service.ts';

/** Chat history for members, and the console's chat pages, each acting on the caller's site. */
export function registerChatRoutes(route: RegisterRoute, chat: ChatService) {
  const { admin } = chat;
  route(routes.chatHistory, async ({ body, principal }) => chat.historyPage(principal, body));
  route(routes.giftRecords, async ({ body, principal }) => chat.giftRecords(principal, body));
  route(routes.adminChatRooms, async ({ principal }) => admin.rooms(principal.siteId));
  route(routes.adminChatRoomSave, async ({ body, principal }) => admin.saveRoom(principal, body));
  route(routes.adminChatMaintainAll, async ({ body, principal }) =>
    admin.maintainAll(principal, body.isMaintenance),
  );
  route(routes.adminChatSpeech, async ({ body, principal }) => admin.setSpeech(principal, body));
  route(routes.adminChatRestrictions, async ({ principal }) => admin.restrictions(principal.siteId));
  route(routes.adminChatWithdraw, async ({ body, principal }) =>
    admin.withdraw(principal, body.messageId, body.reason),
  );
  route(routes.adminChatSettings, async ({ principal }) => admin.settings(principal.siteId));
  route(routes.adminChatSettingsSave, async ({ body, principal }) => admin.saveSettings(principal, body));
  route(routes.adminChatScore, async ({ body, principal }) => admin.postScore(principal, body));
  route(routes.adminChatLog, async ({ body, principal }) => admin.log(principal.siteId, body));
}
