import ScreenShareIcon from '@mui/icons-material/ScreenShare';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { SCREEN_RECORDING, SCREEN_RECORDING_TEXTS as T } from '@sim/shared';
import { useId } from 'react';
import type { ScreenRecordingGate } from '../lib/use-screen-recording';

/**
 * The Screen Recording dialog (learner-and-review.md section 2), before the level's first line: the question
 * (Yes / No), then how many screens (1 or 2, default 2) with the note that it cannot be stopped midway
 * (Cancel / Proceed), then a click per further screen for the browser's picker.
 */
export function ScreenRecordingDialog({ gate }: { gate: ScreenRecordingGate }) {
  const titleId = useId();
  const radioId = useId();
  const { step, actions } = gate;
  const open = step !== 'done';
  return (
    <Dialog open={open} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{T.askTitle}</DialogTitle>
      {step === 'ask' && (
        <>
          <DialogContent>
            <Typography>{T.ask}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={actions.no}>{T.no}</Button>
            <Button variant="contained" onClick={actions.yes}>
              {T.yes}
            </Button>
          </DialogActions>
        </>
      )}
      {step === 'howMany' && (
        <>
          <DialogContent>
            <FormControl>
              <FormLabel id={radioId}>{T.howMany}</FormLabel>
              <RadioGroup
                aria-labelledby={radioId}
                row
                value={String(gate.screens)}
                onChange={(event) => actions.setScreens(Number(event.target.value))}
              >
                {SCREEN_RECORDING.screenChoices.map((n) => (
                  <FormControlLabel
                    key={n}
                    value={String(n)}
                    // Yes is gone with the first step: the focus goes to the choice asked (else to the page)
                    control={<Radio autoFocus={n === gate.screens} />}
                    label={T.screens(n)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <Alert severity="info" sx={{ mt: 2 }}>
              {T.cannotStop}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={actions.cancel}>{T.cancel}</Button>
            <Button variant="contained" onClick={actions.proceed}>
              {T.proceed}
            </Button>
          </DialogActions>
        </>
      )}
      {(step === 'pick' || step === 'starting') && (
        <DialogContent>
          {step === 'starting' ? (
            <CircularProgress aria-label={T.askTitle} />
          ) : (
            <Button variant="contained" startIcon={<ScreenShareIcon />} onClick={actions.pickNext} autoFocus>
              {T.pickScreen(gate.picked + 1, gate.screens)}
            </Button>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
