import { formatRelative } from '../format.ts';
import { VisibleText } from '../VisibleText.tsx';

/**
 * A one-line link to a conversation in Conversations: what it is about, from whom, and when;
 * cut to fit, the whole of both stays in its title.
 */
export function ConversationLink({ id, what, who, at }: { id: string; what: string; who: string; at: number }) {
  return (
    <a
      href={`#conversations/${id}`}
      title={`${what} from ${who}`}
      className="flex min-w-0 items-baseline justify-between gap-3 text-slate-100 underline-offset-4 hover:underline"
    >
      <span className="min-w-0 truncate">
        <bdi>
          <VisibleText text={what} />
        </bdi>{' '}
        <span className="text-slate-400">
          from{' '}
          <bdi>
            <VisibleText text={who} />
          </bdi>
        </span>
      </span>
      <time dateTime={new Date(at).toISOString()} className="shrink-0 text-xs text-slate-400">
        {formatRelative(at)}
      </time>
    </a>
  );
}
