import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { TUserResult } from '@sim/shared';
import { RESULT_LABELS as L } from '@sim/shared';

type Input = TUserResult['typing_inputs'][number];

function InputList({ title, inputs }: { title: string; inputs: readonly Input[] }) {
  if (inputs.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <List dense aria-label={title}>
        {inputs.map((input, i) => (
          <ListItem
            // biome-ignore lint/suspicious/noArrayIndexKey: the inputs of one attempt, in the order of the form
            key={`${input.field_title}-${i}`}
            disableGutters
            aria-label={`${input.field_title}: ${input.matched ? L.inputMatched : L.inputMissed}`}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              {input.matched ? (
                <CheckCircleIcon color="success" fontSize="small" data-testid="input-tick" />
              ) : (
                <RadioButtonUncheckedIcon color="disabled" fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={input.field_title}
              secondary={`${L.entered}: ${input.input_value || '—'} · ${L.target}: ${input.target_value ?? '—'}`}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** The typing inputs and data inputs of the case panel, each ticked when the value entered equals its target. */
export function CaseInputsPanel({ result }: { result: TUserResult }) {
  const empty = result.typing_inputs.length === 0 && result.data_inputs.length === 0;
  return (
    <Card variant="outlined" component="section" aria-label={L.caseInputs}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {L.caseInputs}
        </Typography>
        {empty ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {L.noInputs}
          </Typography>
        ) : null}
        <InputList title={L.typingInputs} inputs={result.typing_inputs} />
        <InputList title={L.dataInputs} inputs={result.data_inputs} />
      </CardContent>
    </Card>
  );
}
