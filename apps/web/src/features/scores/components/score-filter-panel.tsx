import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SCORE_TEXTS, SCORE_UI_TEXTS as T, type TScoreFiltersResponse } from '@sim/shared';
import { ErrorState } from '../../../components/error-state';
import { offeredMembers, toggleId, toggleLevel, toggleSim } from '../lib/filter-choices';
import { CLEARED, hasFilter, type ScoreFilterState } from '../lib/score-list';
import { CheckList } from './check-list';
import { SimLevelTree } from './sim-level-tree';

interface ScoreFilterPanelProps {
  filter: ScoreFilterState;
  options: TScoreFiltersResponse | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onChange: (change: Partial<ScoreFilterState>) => void;
}

function PanelSkeleton() {
  return (
    <Stack spacing={1} aria-busy="true" aria-label={T.panelTitle}>
      <Skeleton variant="rounded" height={40} />
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} variant="text" />
      ))}
    </Stack>
  );
}

/**
 * The score tab's left panel (section 2): the tool, Assigned Only / Unassigned Only, the groups and members
 * (first 6, then Show all), the sims with their levels. Every change narrows the table and the chart.
 */
export function ScoreFilterPanel({ filter, options, isLoading, error, onRetry, onChange }: ScoreFilterPanelProps) {
  if (error && !options) return <ErrorState error={error} onRetry={onRetry} />;
  if (isLoading && !options) return <PanelSkeleton />;
  const products = options?.products ?? [];
  const members = offeredMembers(options?.members ?? [], filter);
  const sims = (options?.sims ?? []).filter((s) => !filter.product || s.product_id === filter.product);
  return (
    <Stack spacing={2} component="aside" aria-label={T.panelTitle}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {T.panelTitle}
        </Typography>
        {hasFilter(filter) ? (
          <Button size="small" onClick={() => onChange(CLEARED)}>
            {T.clearFilters}
          </Button>
        ) : null}
      </Stack>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))', columnGap: 3, rowGap: 2 }}
      >
        <Stack spacing={1}>
          <TextField
            select
            size="small"
            label={T.toolLabel}
            // a tool of an old link that is gone reads as All tools
            value={products.some((p) => p._id === filter.product) ? (filter.product ?? '') : ''}
            onChange={(event) => onChange({ product: event.target.value || null })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{T.allTools}</MenuItem>
            {products.map((p) => (
              <MenuItem key={p._id} value={p._id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={filter.assigned}
                  onChange={(e) => onChange({ assigned: e.target.checked })}
                />
              }
              label={SCORE_TEXTS.assignedOnly}
            />
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={filter.unAssigned}
                  onChange={(e) => onChange({ unAssigned: e.target.checked })}
                />
              }
              label={SCORE_TEXTS.unassignedOnly}
            />
          </Box>
        </Stack>
        <CheckList
          title={T.groups}
          items={(options?.groups ?? []).map((g) => ({ id: g._id, label: g.name }))}
          checked={filter.groups}
          emptyText={T.noGroups}
          onToggle={(id, on) => onChange({ groups: toggleId(filter.groups, id, on) })}
        />
        <CheckList
          title={T.members}
          items={members.map((m) => ({ id: m._id, label: m.name }))}
          checked={filter.members}
          emptyText={T.noMembers}
          onToggle={(id, on) => onChange({ members: toggleId(filter.members, id, on) })}
        />
        <SimLevelTree
          sims={sims}
          chosen={filter.sims}
          onToggleSim={(sim) => onChange({ sims: toggleSim(filter.sims, sim) })}
          onToggleLevel={(sim, levelId) => onChange({ sims: toggleLevel(filter.sims, sim, levelId) })}
        />
      </Box>
    </Stack>
  );
}
