import type { TCharacter } from '@sim/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSaveScript } from '../api/script-actions';
import type { Notify } from '../components/notify';

/** A dropped character's line: a draft at `order` (from 1) until the author writes it (issue 15). */
export interface DraftLine {
  character: TCharacter;
  order: number;
}

interface DraftTarget {
  simId: string;
  /** the selected level, or null while the sim has none (the first line creates `draftName`) */
  levelId: string | null;
  draftName: string | null;
  /** the lines the level has now */
  lines: number;
  notify: Notify;
  /** the line was created: its level and its id */
  onCreated: (levelId: string, scriptId: string) => void;
}

/**
 * The draft line of the Create Levels step: a dropped character opens an empty line where it was dropped;
 * nothing is stored until the author writes it and saves (no placeholder text is ever kept, or voiced).
 */
export function useDraftLine({ simId, levelId, draftName, lines, notify, onCreated }: DraftTarget) {
  const [draft, setDraft] = useState<DraftLine | null>(null);
  const create = useSaveScript(simId);

  const save = (text: string) => {
    if (!draft?.character._id) return;
    create.mutate(
      {
        sim_id: simId,
        sim_character_id: draft.character._id,
        script: text,
        order: Math.min(draft.order, lines + 1),
        ...(levelId ? { sim_level_id: levelId } : { is_level: true, name: draftName, level_order: 0 }),
      },
      {
        onSuccess: (answer) => {
          setDraft(null);
          onCreated(answer.sim_level_id, answer.sim_script_id);
        },
        onError: (error) => notify('error', errorMessage(error)),
      },
    );
  };

  return {
    draft,
    busy: create.isPending,
    open: (character: TCharacter, order: number) => setDraft({ character, order }),
    cancel: () => setDraft(null),
    save,
  };
}
