import { SIM_BUILDER_TEXTS } from '@sim/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarDataUri } from '../../../components/avatars/avatar-art';
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
});
