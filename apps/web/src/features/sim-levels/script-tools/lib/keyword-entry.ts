import { AUTHORING_TIMEOUTS_MS, type KeywordListResult, parseKeywordList } from '@sim/shared';
import { useCallback, useState } from 'react';
import { useTimedAlert } from '../../../../components/timed-alert';

/**
 * Adds what the author typed to the keyword tags with the shared parser the server uses: split on commas,
 * trimmed, unique, one operator kind (& or |) per keyword.
 */
export function addKeywords(tags: readonly string[], text: string): KeywordListResult {
  return parseKeywordList([...tags, text]);
}

/**
 * The state of a keyword tag input: the tags, the text being typed, and the refusal of the last entry,
 * shown for 3 seconds (authoring.md sections 5 and 9).
 */
export function useKeywordEntry(initial: readonly string[]) {
  const [tags, setTags] = useState<string[]>(() => [...initial]);
  const [text, setText] = useState('');
  const [duplicates, setDuplicates] = useState<string[]>([]);
  const { alert, show, clear } = useTimedAlert(AUTHORING_TIMEOUTS_MS.keywordError);

  /** Adds the typed text; answers the new list, or null (and shows why) when an entry is refused. */
  const commit = useCallback((): string[] | null => {
    const result = addKeywords(tags, text);
    if (!result.ok) {
      show('error', result.message);
      return null;
    }
    clear();
    setTags(result.keywords);
    setText('');
    setDuplicates(result.duplicates);
    return result.keywords;
  }, [tags, text, show, clear]);

  const remove = useCallback((keyword: string) => setTags((list) => list.filter((k) => k !== keyword)), []);

  const reset = useCallback(
    (list: readonly string[]) => {
      setTags([...list]);
      setText('');
      setDuplicates([]);
      clear();
    },
    [clear],
  );

  return { tags, text, setText, commit, remove, reset, duplicates, problem: alert?.message ?? null };
}

export type KeywordEntryState = ReturnType<typeof useKeywordEntry>;
