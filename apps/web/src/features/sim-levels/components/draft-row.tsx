import { Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { SCRIPT_DRAFT_TEXTS as D, SIM_BUILDER_TEXTS, CREATE_LEVELS_TEXTS as T, type TCharacter } from '@sim/shared';
import { rowColour, rowTextColour } from '../lib/script-list';
import { CharacterAvatar } from './character-avatar';
import { ScriptTextEditor } from './script-text';

interface DraftRowProps {
  character: TCharacter;
  /** where it goes, from 1 */
  line: number;
  busy: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}

/**
 * A dropped character's line before it is written (issue 15): empty, with a placeholder, open for typing.
 * Nothing is stored until Save (so no placeholder text is ever kept, or voiced by the bulk audio); Cancel
 * drops it.
 */
export function DraftRow({ character, line, busy, onSave, onCancel }: DraftRowProps) {
  const colour = rowColour(character.type);
  return (
    <Paper
      variant="outlined"
      role="listitem"
      aria-label={T.lineNumber(line)}
      aria-description={D.label}
      data-draft="true"
      data-character-type={character.type}
      sx={{
        border: `2px dashed ${colour}`,
        borderLeftWidth: 6,
        borderLeftStyle: 'solid',
        p: 1.5,
        mb: 1.5,
        bgcolor: alpha(colour, 0.08),
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography sx={{ fontWeight: 700, minWidth: 24, textAlign: 'right' }} aria-hidden>
          {line}
        </Typography>
        <CharacterAvatar character={character} size={32} />
        <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ lineHeight: 1.2 }}>
            {character.name}
          </Typography>
          <Typography
            variant="caption"
            sx={{ color: rowTextColour(character.type), fontWeight: 600, textTransform: 'uppercase' }}
          >
            {character.masked_type || SIM_BUILDER_TEXTS.characterLabels[character.type]}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {D.label}
        </Typography>
      </Stack>
      <ScriptTextEditor
        initial=""
        label={T.scriptText}
        placeholder={D.placeholder(character.name)}
        helper={D.hint}
        busy={busy}
        onSave={onSave}
        onCancel={onCancel}
      />
    </Paper>
  );
}
