// Step 5: the customer conversation on the whatsapp channel, as bubbles, with each tool call the
// assistant made shown between the customer's message and the assistant's reply.

import { useEffect, useRef } from 'react';
import { DEMO_CHANNEL } from '../../../../shared/index.ts';
import { useDemoStore } from '../../store/demo/action.ts';
import { ToolCallCard } from './ToolCallCard.tsx';

export function ChatPanel() {
  const chat = useDemoStore((s) => s.chat);
  const conversationId = useDemoStore((s) => s.conversationId);
  const busy = useDemoStore((s) => s.busy);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [chat.length]);

  return (
    <div className="chat" data-testid="demo-chat" aria-live="polite">
      <div className="chat__bar">
        <span className="chat__avatar" aria-hidden="true">
          A
        </span>
        <div>
          <div className="chat__who">Acme Ltd · customer</div>
          <div className="chat__meta">
            channel <code>{DEMO_CHANNEL}</code>
            {conversationId && (
              <>
                {' '}
                · conversation <code data-testid="demo-conversation-id">{conversationId}</code>
              </>
            )}
          </div>
        </div>
      </div>
      <div className="chat__log">
        {chat.length === 0 && (
          <p className="chat__empty">The conversation starts when you press “Start the conversation”.</p>
        )}
        {chat.map((t) => (
          <div key={t.id} className={`chat__turn chat__turn--${t.from}`}>
            {t.call && <ToolCallCard call={t.call} />}
            <div className={`bubble bubble--${t.from}`} data-testid={`bubble-${t.from}`}>
              <span className="bubble__from">{t.from === 'customer' ? 'Customer' : 'Assistant'}</span>
              {t.text}
            </div>
          </div>
        ))}
        {busy && chat.length > 0 && (
          <div className="chat__typing" data-testid="demo-typing">
            <span />
            <span />
            <span />
          </div>
        )}
        <div ref={end} />
      </div>
    </div>
  );
}
