// The help assistant's FAQs, searchable entries and chat texts, fetched when it first opens
// (help-content.ts), and what to say while they load or when they could not.
import { useEffect, useState } from 'react';
import { type HelpContent, loadHelpContent } from './help-content.ts';

export function useHelpContent(open: boolean) {
  const [content, setContent] = useState<HelpContent>();
  const [contentProblem, setContentProblem] = useState<string>();

  useEffect(() => {
    if (!open || content) return;
    setContentProblem(undefined);
    loadHelpContent().then(setContent, () => setContentProblem('The help articles could not be loaded. Check your connection and open the assistant again.'));
  }, [open, content]);

  return { content, contentProblem };
}
