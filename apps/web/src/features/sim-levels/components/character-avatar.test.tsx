import { CHARACTER_COLOURS } from '@sim/shared';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarDataUri } from '../../../components/avatars/avatar-art';
import { MuiTheme } from '../../../components/theme/mui-theme';
import { CharacterAvatar } from './character-avatar';

describe('CharacterAvatar', () => {
  it("draws the character's chosen avatar in its type's colour", async () => {
    const { container } = render(
      <MuiTheme>
        <CharacterAvatar character={{ type: 'agent', avatar: 'avatar-6', name: 'You' }} size={32} />
      </MuiTheme>,
    );
    const frame = container.querySelector('[data-avatar="avatar-6"]') as HTMLElement;
    expect(frame.textContent).toBe('');
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(CHARACTER_COLOURS.agent.slice(i, i + 2), 16));
    expect(getComputedStyle(frame).borderTopColor.replace(/\s/g, '')).toBe(`rgb(${r},${g},${b})`);
    await waitFor(() => expect(frame.querySelector('img')?.getAttribute('src')).toBe(avatarDataUri('avatar-6')));
  });
});
