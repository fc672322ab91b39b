import { CHARACTER_COLOURS, CHARACTER_TYPES, SIM_BUILDER_TEXTS } from '@sim/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarDataUri } from '../../../components/avatars/avatar-art';
import { contrastRatio } from '../../../components/theme/contrast';
import { MuiTheme } from '../../../components/theme/mui-theme';
import { CharacterBadge } from './character-badge';

describe('CharacterBadge', () => {
  it("shows the speaker's avatar picture (not a number), name and role", async () => {
    const { container } = render(
      <MuiTheme>
        <CharacterBadge character={{ avatar: 'avatar-13', name: 'Maria Lopez' }} type="customer" />
      </MuiTheme>,
    );
    expect(screen.getByText('Maria Lopez')).toBeTruthy();
    expect(screen.getByText(SIM_BUILDER_TEXTS.characterLabels.customer)).toBeTruthy();
    expect(screen.queryByText('13')).toBeNull();
    await waitFor(() =>
      expect(container.querySelector('[data-avatar="avatar-13"] img')?.getAttribute('src')).toBe(
        avatarDataUri('avatar-13'),
      ),
    );
  });

  it('shows the default avatar and the role for a step without a character', async () => {
    const { container } = render(
      <MuiTheme>
        <CharacterBadge character={null} type="coach" />
      </MuiTheme>,
    );
    expect(screen.getAllByText(SIM_BUILDER_TEXTS.characterLabels.coach).length).toBeGreaterThan(0);
    await waitFor(() => expect(container.querySelector('[data-avatar="avatar-1"] img')).not.toBeNull());
  });

  it.each(CHARACTER_TYPES)('labels the %s role on its spec colour in a text colour that reads at 4.5:1', (type) => {
    render(
      <MuiTheme>
        <CharacterBadge character={{ avatar: 'avatar-2', name: 'Sam' }} type={type} />
      </MuiTheme>,
    );
    const chip = screen.getByText(SIM_BUILDER_TEXTS.characterLabels[type]).closest('.MuiChip-root');
    if (!chip) throw new Error('no chip');
    const style = getComputedStyle(chip);
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    expect(hex(style.backgroundColor)).toBe(CHARACTER_COLOURS[type].toLowerCase());
    expect(contrastRatio(hex(style.color), hex(style.backgroundColor))).toBeGreaterThanOrEqual(4.5);
  });
});
