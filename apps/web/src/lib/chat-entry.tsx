import { MessageOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { messages } from './messages.ts';
import { paths } from './paths.ts';
import './chat-entry.css';

/**
 * The way into 聊天室, for the home page and the game pages: a link only, so the chat's code and
 * its socket load when the member opens the room, not with the page that shows the entry.
 */
export function ChatEntry() {
  return (
    <Link to={paths.chat} className="chat-entry">
      <MessageOutline className="chat-entry__icon" aria-hidden="true" />
      <span className="chat-entry__text">
        <strong>{messages.chat.title}</strong>
        <small>{messages.chat.entryHint}</small>
      </span>
      <span className="chat-entry__chevron" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
