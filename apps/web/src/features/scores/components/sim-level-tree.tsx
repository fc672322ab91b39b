import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Checkbox, Collapse, FormControlLabel, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { SCORE_UI_TEXTS as T } from '@sim/shared';
import { useId, useState } from 'react';
import { cutSimTitle, type FilterSim, levelChecked, simCheckState } from '../lib/filter-choices';
import type { SimChoice } from '../lib/score-list';
import { shownItems } from '../lib/show-all';
import { ShowAllToggle } from './check-list';

interface SimLevelTreeProps {
  sims: readonly FilterSim[];
  chosen: readonly SimChoice[];
  onToggleSim: (sim: FilterSim) => void;
  onToggleLevel: (sim: FilterSim, levelId: string) => void;
}

function SimItem({ sim, chosen, onToggleSim, onToggleLevel }: Omit<SimLevelTreeProps, 'sims'> & { sim: FilterSim }) {
  const [open, setOpen] = useState(false);
  const state = simCheckState(chosen, sim);
  const shown = cutSimTitle(sim.title);
  const levelsId = useId();
  const title = (
    <Typography variant="body2" component="span">
      {shown}
    </Typography>
  );
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <FormControlLabel
          sx={{ mr: 0, '& .MuiCheckbox-root': { py: 0.25 } }}
          control={
            <Checkbox
              size="small"
              checked={state === 'checked'}
              indeterminate={state === 'indeterminate'}
              onChange={() => onToggleSim(sim)}
              slotProps={{ input: { 'aria-label': sim.title } }}
            />
          }
          label={shown === sim.title ? title : <Tooltip title={sim.title}>{title}</Tooltip>}
        />
        {sim.levels.length > 0 ? (
          <IconButton
            size="small"
            aria-label={open ? T.collapseLevels(sim.title) : T.expandLevels(sim.title)}
            aria-expanded={open}
            aria-controls={levelsId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </IconButton>
        ) : null}
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Stack id={levelsId} role="group" aria-label={sim.title} sx={{ pl: 3 }}>
          {sim.levels.map((level) => {
            const label = T.levelName(level.order, level.name);
            return (
              <FormControlLabel
                key={level.level_id}
                sx={{ mr: 0, '& .MuiCheckbox-root': { py: 0.25 } }}
                control={
                  <Checkbox
                    size="small"
                    checked={levelChecked(chosen, sim.sim_id, level.level_id)}
                    onChange={() => onToggleLevel(sim, level.level_id)}
                  />
                }
                label={
                  <Typography variant="body2" component="span">
                    {label}
                  </Typography>
                }
              />
            );
          })}
        </Stack>
      </Collapse>
    </Box>
  );
}

/** The sims of the filter panel: titles cut at 22, each expandable to its levels; the first 6, then Show all. */
export function SimLevelTree(props: SimLevelTreeProps) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const shown = shownItems(props.sims, expanded, (sim) => props.chosen.some((c) => c.sim_id === sim.sim_id));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {T.sims}
      </Typography>
      {props.sims.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noSims}
        </Typography>
      ) : (
        shown.items.map((sim) => <SimItem key={sim.sim_id} sim={sim} {...props} />)
      )}
      {shown.toggle ? <ShowAllToggle expanded={expanded} onToggle={() => setExpanded((v) => !v)} /> : null}
    </Box>
  );
}
