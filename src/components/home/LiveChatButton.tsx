import { MessageCircle } from 'lucide-react';
import { openHelpAssistant } from '../../lib/help-assistant-store.ts';
import { Button } from '../ui/Button.tsx';

/** Live Chat opens the help assistant (docs/decisions.md 6). An island. */
export function LiveChatButton() {
  return (
    <Button size="lg" onClick={() => openHelpAssistant()}>
      <MessageCircle aria-hidden="true" className="size-5" />
      Live Chat
    </Button>
  );
}
