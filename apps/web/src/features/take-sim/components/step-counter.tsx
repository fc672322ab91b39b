import { Box, Button, LinearProgress, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { CHARACTER_COLOURS, TAKE_SIM_TEXTS as T } from '@sim/shared';
import { useId, useState } from 'react';
import { type PlayStep, preview, stepIndicator } from '../lib/steps';

interface StepCounterProps {
  steps: readonly PlayStep[];
  index: number;
  /** steps the learner has passed or recorded */
  done: ReadonlySet<number>;
  /** practice mode: the counter opens a menu of the steps */
  canJump: boolean;
  disabled: boolean;
  onJump: (index: number) => void;
}

/**
 * "n / total", with a menu of the steps in practice mode; under it dots for fewer than 10 steps, else a
 * progress bar.
 */
export function StepCounter({ steps, index, done, canJump, disabled, onJump }: StepCounterProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const total = steps.length;
  const counter = T.stepCounter(index + 1, total);
  const kind = stepIndicator(total);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75, minWidth: 120 }}>
      {canJump ? (
        <>
          <Tooltip title={T.stepMenu}>
            <span>
              <Button
                size="small"
                variant="outlined"
                aria-haspopup="menu"
                aria-controls={anchor ? menuId : undefined}
                aria-label={`${T.stepMenu}: ${counter}`}
                disabled={disabled}
                onClick={(e) => setAnchor(e.currentTarget)}
                sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
              >
                {counter}
              </Button>
            </span>
          </Tooltip>
          <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {steps.map((s, i) => (
              <MenuItem
                key={s.step._id}
                selected={i === index}
                onClick={() => {
                  setAnchor(null);
                  onJump(i);
                }}
                sx={{ borderLeft: `4px solid ${CHARACTER_COLOURS[s.type]}`, maxWidth: 420 }}
              >
                <Typography variant="body2" noWrap>
                  {T.stepMenuItem(i + 1, s.name)} — {s.shown.kind === 'text' ? preview(s.shown.text) : T.yourTurn}
                </Typography>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        <Typography
          component="p"
          aria-label={counter}
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', px: 1 }}
        >
          {counter}
        </Typography>
      )}
      {kind === 'dots' ? (
        <Box role="list" aria-label={T.stepDots} sx={{ display: 'flex', gap: 0.75 }}>
          {steps.map((s, i) => {
            const state = i === index ? 'current' : done.has(i) ? 'done' : 'todo';
            return (
              <Box
                key={s.step._id}
                role="listitem"
                aria-label={T.stepDot(i + 1, T.stepStates[state])}
                aria-current={i === index ? 'step' : undefined}
                sx={{
                  width: i === index ? 12 : 8,
                  height: 8,
                  borderRadius: 4,
                  transition: 'all 200ms',
                  bgcolor: i === index ? 'primary.main' : state === 'done' ? 'primary.light' : 'action.disabled',
                }}
              />
            );
          })}
        </Box>
      ) : (
        <LinearProgress
          variant="determinate"
          aria-label={T.progress}
          value={total === 0 ? 0 : ((index + 1) / total) * 100}
          sx={{ width: 160, height: 6, borderRadius: 3 }}
        />
      )}
    </Box>
  );
}
