import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

/**
 * A filter field that commits what is typed once typing pauses (`wait` ms), so a list is not asked for
 * at every keystroke. `committed` is the value in effect (e.g. from the page's address): when it changes
 * from elsewhere (a link to the unfiltered list), the field shows it.
 */
export function useDebouncedField(committed: string, commit: (value: string) => void, wait = 300) {
  const [text, setText] = useState(committed);
  const [settled] = useDebouncedValue(text, wait);
  const last = useRef(committed);

  // Only a settled change of the text commits; `commit` may be a new function at every render.
  const commitText = useEffectEvent(commit);
  useEffect(() => {
    if (settled === last.current) return;
    last.current = settled;
    commitText(settled);
  }, [settled]);

  useEffect(() => {
    if (committed === last.current) return;
    last.current = committed;
    setText(committed);
  }, [committed]);

  return [text, setText] as const;
}
