import { MessageCircle } from 'lucide-react';
import { openHelpAssistant } from '../../lib/help-assistant-store.ts';
import { buttonVariants } from '../ui/button-variants.ts';

/** Live Chat opens the help assistant (docs/decisions.md 6). An island. */
export function LiveChatButton() {
  return (
    <button type="button" className={buttonVariants({ size: 'lg' })} onClick={() => openHelpAssistant()}>
      <MessageCircle aria-hidden="true" className="size-5" />
      Live Chat
    </button>
  );
}
