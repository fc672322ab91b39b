import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, Grid, Paper } from '@mui/material';
import type { TBuilderSim } from '@sim/shared';
import { AUTHORING_MESSAGES, AUTHORING_TIMEOUTS_MS, type TCharacter } from '@sim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { levelKeys, type TFullSim, useFullDetails } from '../api/full-details';
import { useSaveScript } from '../api/script-actions';
import { useSaveActiveStep } from '../api/sim-actions';
import { CANVAS_ID, canvasAccessibility, canvasCollision, type DragData } from '../lib/canvas-dnd';
import { type EditAccess, EditAccessProvider, FULL_ACCESS } from '../lib/edit-access';
import { anyScripts, dropOrder, moveItem, orderAfterMove, scriptsInOrder } from '../lib/script-list';
import { useDraftLine } from '../lib/use-draft-line';
import { CharacterAvatar } from './character-avatar';
import { CharacterLabel, CharacterPalette } from './character-palette';
import { CreateLevelsHeader } from './create-levels-header';
import { ImportLevelsDialog } from './import-levels-dialog';
import { LevelList, nextLevelName } from './level-list';
import type { Notify } from './notify';
import { ScriptCanvas } from './script-canvas';

export interface CreateLevelsStepProps {
  simId: string;
  sim: TBuilderSim | null;
  /** the product type chosen on Basic Information (Data Input follows for Internal Data products) */
  productType: string;
  /** true when a Data Input step follows; otherwise NEXT saves and returns to /sims */
  hasDataInput: boolean;
  /** read-only (VIEW SIM): every control disabled with its reason, nothing saved; default: all allowed */
  access?: EditAccess;
  onBack: () => void;
  onNext: () => void;
}

/** Create Levels (authoring.md section 2): levels, the script canvas and the characters. */
export function CreateLevelsStep(props: CreateLevelsStepProps) {
  const details = useFullDetails(props.simId);
  if (details.isPending) return <PageSpinner />;
  if (details.isError) return <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  return (
    <EditAccessProvider value={props.access ?? FULL_ACCESS}>
      <CreateLevelsScreen {...props} full={details.data} />
    </EditAccessProvider>
  );
}

/** The wizard step that Create Levels is (DECISIONS.md section 3), and Data Input after it. */
const CREATE_LEVELS_STEP = 2;
const DATA_INPUT_STEP = 3;

function CreateLevelsScreen({
  simId,
  productType,
  hasDataInput,
  access = FULL_ACCESS,
  onBack,
  onNext,
  full,
}: CreateLevelsStepProps & { full: TFullSim }) {
  const { readOnly } = access;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  /** the step's messages go to the app's toast */
  const show = useCallback<Notify>((severity, message) => toast.show(severity, message), [toast]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [newId, setNewId] = useState<string | null>(null);
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [dragging, setDragging] = useState<TCharacter | null>(null);
  /** a line just written: its row asks about audio once */
  const [audioFor, setAudioFor] = useState<string | null>(null);
  const moveScript = useSaveScript(simId);
  const saveStep = useSaveActiveStep();

  const levels = [...full.levels].sort((a, b) => a.order - b.order);
  const level = levels.find((l) => l._id === selectedId) ?? levels[0] ?? null;
  const draftName = level ? null : nextLevelName();
  const saved = scriptsInOrder(level);
  const scripts = pendingOrder
    ? pendingOrder.map((id) => saved.find((s) => s._id === id)).filter((s) => s !== undefined)
    : saved;
  const ids = scripts.map((s) => s._id);
  const drafting = useDraftLine({
    simId,
    levelId: level?._id ?? null,
    draftName,
    lines: ids.length,
    notify: show,
    onCreated: (levelId, scriptId) => {
      setSelectedId(levelId);
      setNewId(scriptId);
      setAudioFor(scriptId);
    },
  });

  // a new line is highlighted for 3 seconds (authoring.md section 9)
  useEffect(() => {
    if (!newId) return;
    const timer = window.setTimeout(() => setNewId(null), AUTHORING_TIMEOUTS_MS.newScriptHighlight);
    return () => window.clearTimeout(timer);
  }, [newId]);

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: levelKeys.fullDetails(simId) }),
    [queryClient, simId],
  );

  const selectLevel = (levelId: string) => {
    setSelectedId(levelId);
    setEditingId(null);
    drafting.cancel();
  };

  /** A line for the character at `order` (from 1): a draft, stored only once the author writes it. */
  const addLine = (character: TCharacter, order: number) => {
    if (!character._id || readOnly) return;
    setEditingId(null);
    drafting.open(character, order);
  };

  /** Moves a line to `order` (from 1): shown at once, saved on the server, then refetched. */
  const moveLine = (scriptId: string, order: number) => {
    if (readOnly) return;
    const from = ids.indexOf(scriptId);
    if (from < 0 || order < 1 || order > ids.length || from === order - 1) return;
    setPendingOrder(moveItem(ids, from, order - 1));
    moveScript.mutate(
      { _id: scriptId, sim_id: simId, order },
      {
        onError: (error) => show('error', errorMessage(error)),
        onSettled: () => setPendingOrder(null),
      },
    );
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as DragData | undefined;
    setDragging(data?.kind === 'character' ? data.character : null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const data = active.data.current as DragData | undefined;
    if (data?.kind === 'character') {
      const overId = over.id === CANVAS_ID ? null : String(over.id);
      const dragged = active.rect.current.translated;
      const dropY = dragged ? dragged.top + dragged.height / 2 : null;
      addLine(data.character, dropOrder(ids, overId, dropY, overId ? over.rect : null));
    } else if (data?.kind === 'script') {
      const order = orderAfterMove(ids, String(active.id), String(over.id));
      if (order !== null) moveLine(String(active.id), order);
    }
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /** NEXT saves the step reached; the read-only builder only moves on */
  const next = () => {
    if (readOnly) return hasDataInput ? onNext() : void navigate('/sims');
    saveStep.mutate(
      { sim_id: simId, activeStep: hasDataInput ? DATA_INPUT_STEP : CREATE_LEVELS_STEP },
      {
        onSuccess: () => (hasDataInput ? onNext() : void navigate('/sims')),
        onError: (error) => show('error', errorMessage(error)),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <CreateLevelsHeader
        simId={simId}
        levelId={level?._id ?? null}
        simType={full.sim_type}
        levelCount={levels.length}
        canPreview={anyScripts(levels)}
        levelHasScripts={saved.length > 0}
        nextBusy={saveStep.isPending}
        onImport={() => setImporting(true)}
        onBack={onBack}
        onNext={next}
        notify={show}
      />
      {full.sim_characters.some((c) => c._id === null) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {AUTHORING_MESSAGES.charactersIncomplete}
        </Alert>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={canvasCollision}
        accessibility={canvasAccessibility(ids)}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 3 }}>
            <LevelList
              sim={full}
              levels={levels}
              selectedId={level?._id ?? null}
              draftName={draftName}
              onSelect={selectLevel}
              notify={show}
              onChanged={refetch}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ScriptCanvas
              simId={simId}
              levelId={level?._id ?? null}
              levelName={level?.name ?? draftName ?? ''}
              scripts={scripts}
              characters={full.sim_characters}
              productType={productType || full.product_type}
              editingId={editingId}
              newId={newId}
              draft={drafting.draft}
              draftBusy={drafting.busy}
              onDraftSave={drafting.save}
              onDraftCancel={drafting.cancel}
              audioFor={audioFor}
              onAudioAsked={() => setAudioFor(null)}
              onEdit={setEditingId}
              onMove={moveLine}
              notify={show}
              onChanged={refetch}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <CharacterPalette
              characters={full.sim_characters}
              disabled={drafting.busy || readOnly}
              onAdd={(character) => addLine(character, ids.length + 1)}
            />
          </Grid>
        </Grid>
        <DragOverlay dropAnimation={null}>
          {dragging && (
            <Paper elevation={8} sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, width: 220 }}>
              <CharacterAvatar character={dragging} />
              <CharacterLabel character={dragging} />
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
      {importing && (
        <ImportLevelsDialog
          simId={simId}
          levelCount={levels.length}
          onClose={() => setImporting(false)}
          onImported={(message, firstLevelId) => {
            show('success', message);
            if (firstLevelId) selectLevel(firstLevelId);
          }}
          notify={show}
        />
      )}
    </Paper>
  );
}
