import type { ReactElement } from 'react';

/**
 * The small "BOT" badge beside a bot account's name (docs/product.md §D11 "Bot API": bots are
 * marked everywhere). Screen readers hear "bot" after the name; the title says it on hover.
 */
export function BotMark(): ReactElement {
  return (
    <span className="bot-mark" title="Bot account">
      BOT
    </span>
  );
}
