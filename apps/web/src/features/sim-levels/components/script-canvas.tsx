import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Paper, Typography } from '@mui/material';
import { CREATE_LEVELS_TEXTS as T, type TCharacter, type TScript } from '@sim/shared';
import { CANVAS_ID } from '../lib/canvas-dnd';
import { characterOf } from '../lib/script-list';
import type { DraftLine } from '../lib/use-draft-line';
import { BulkAudio } from './bulk-audio';
import { DraftRow } from './draft-row';
import { MicStrip } from './mic-strip';
import type { Notify } from './notify';
import { ScriptRow } from './script-row';

interface ScriptCanvasProps {
  simId: string;
  /** null while the level is not saved yet (it is created with its first line) */
  levelId: string | null;
  levelName: string;
  scripts: TScript[];
  characters: TCharacter[];
  productType: string;
  editingId: string | null;
  newId: string | null;
  /** a dropped character's line, not saved until written */
  draft: DraftLine | null;
  draftBusy: boolean;
  onDraftSave: (text: string) => void;
  onDraftCancel: () => void;
  /** the line just written from a draft: its row asks about audio */
  audioFor: string | null;
  onAudioAsked: () => void;
  onEdit: (scriptId: string | null) => void;
  onMove: (scriptId: string, order: number) => void;
  notify: Notify;
  onChanged: () => void;
}

/** The centre of the step: the selected level's script rows, a drop target for characters, sortable by drag. */
export function ScriptCanvas(props: ScriptCanvasProps) {
  const { simId, levelId, scripts, characters } = props;
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID, data: { kind: 'canvas' } });
  const { draft } = props;
  /** the draft shows where it was dropped: before the line at its order */
  const draftAt = draft ? Math.min(draft.order, scripts.length + 1) - 1 : -1;
  const draftRow = draft && (
    <DraftRow
      key="draft"
      line={draftAt + 1}
      character={draft.character}
      busy={props.draftBusy}
      onSave={props.onDraftSave}
      onCancel={props.onDraftCancel}
    />
  );
  const agentLines = scripts
    .map((script, i) => ({ script, line: i + 1 }))
    .filter(({ script }) => characterOf(script, characters)?.type === 'agent');

  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      sx={{
        p: 2,
        minHeight: 420,
        outline: isOver ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: -4,
      }}
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {T.canvas(props.levelName)}
      </Typography>
      {levelId && <BulkAudio simId={simId} levelId={levelId} hasScripts={scripts.length > 0} />}
      <MicStrip agentLines={agentLines} />
      <Box
        data-testid="script-canvas"
        sx={{ minHeight: 320, borderRadius: 1, p: 1, pb: 6, border: '1px dashed', borderColor: 'divider' }}
      >
        {scripts.length === 0 && draftRow ? (
          <Box role="list" aria-label={T.canvas(props.levelName)}>
            {draftRow}
          </Box>
        ) : scripts.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
            <Typography variant="subtitle1" component="p">
              {levelId ? T.emptyLevel : T.noLevels}
            </Typography>
            <Typography variant="body2">{T.emptyLevelHint}</Typography>
          </Box>
        ) : (
          <SortableContext items={scripts.map((s) => s._id)} strategy={verticalListSortingStrategy}>
            <Box role="list" aria-label={T.canvas(props.levelName)}>
              {scripts.map((script, i) => [
                i === draftAt ? draftRow : null,
                <ScriptRow
                  key={script._id}
                  simId={simId}
                  levelId={script.sim_level_id}
                  script={script}
                  line={i + 1}
                  shownLine={draftAt >= 0 && i >= draftAt ? i + 2 : i + 1}
                  count={scripts.length}
                  character={characterOf(script, characters)}
                  productType={props.productType}
                  editing={props.editingId === script._id}
                  isNew={props.newId === script._id}
                  askAudio={props.audioFor === script._id}
                  onAudioAsked={props.onAudioAsked}
                  onEdit={() => props.onEdit(script._id)}
                  onEditDone={() => props.onEdit(null)}
                  onMove={(order) => props.onMove(script._id, order)}
                  notify={props.notify}
                  onChanged={props.onChanged}
                />,
              ])}
              {draftAt === scripts.length ? draftRow : null}
            </Box>
          </SortableContext>
        )}
      </Box>
    </Paper>
  );
}
