import MicIcon from '@mui/icons-material/Mic';
import MicNoneIcon from '@mui/icons-material/MicNone';
import { Box } from '@mui/material';
import { CHARACTER_COLOURS, MIC_ICONS_PER_ROW, CREATE_LEVELS_TEXTS as T, type TScript } from '@sim/shared';
import { chunk, hasClip } from '../lib/script-list';

interface MicStripProps {
  /** the agent scripts of the level, in order, with their line numbers */
  agentLines: { script: TScript; line: number }[];
}

/**
 * One microphone icon per agent script, with a line break after every 50 icons (authoring.md section 2).
 * A filled icon marks a line that has a clip.
 */
export function MicStrip({ agentLines }: MicStripProps) {
  if (agentLines.length === 0) return null;
  return (
    <Box role="group" aria-label={T.micStrip} sx={{ mb: 2, overflowX: 'auto' }}>
      {chunk(agentLines, MIC_ICONS_PER_ROW).map((row, r) => (
        <Box
          key={row[0]?.script._id ?? r}
          role="group"
          aria-label={T.micRow(r + 1)}
          sx={{ display: 'flex', flexWrap: 'nowrap', lineHeight: 0 }}
        >
          {row.map(({ script, line }, i) => {
            const Icon = hasClip(script) ? MicIcon : MicNoneIcon;
            return (
              <Icon
                key={script._id}
                titleAccess={T.micIcon(r * MIC_ICONS_PER_ROW + i + 1, line)}
                fontSize="small"
                sx={{ color: CHARACTER_COLOURS.agent, fontSize: 14 }}
              />
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
