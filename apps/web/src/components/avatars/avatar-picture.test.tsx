import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MuiTheme } from '../theme/mui-theme';
import { avatarDataUri } from './avatar-art';
import { AvatarPicture } from './avatar-picture';

describe('AvatarPicture', () => {
  it("shows the avatar's picture in a ring of the character colour", async () => {
    const { container } = render(
      <MuiTheme>
        <AvatarPicture avatar="avatar-7" colour="#2694D3" size={40} />
      </MuiTheme>,
    );
    const frame = container.querySelector('[data-avatar="avatar-7"]') as HTMLElement;
    await waitFor(() => expect(frame.querySelector('img')?.getAttribute('src')).toBe(avatarDataUri('avatar-7')));
    // decorative: a name beside it says who it is
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.querySelector('img')?.getAttribute('alt')).toBe('');
    const style = getComputedStyle(frame);
    expect(style.borderTopColor.replace(/\s/g, '')).toBe('rgb(38,148,211)');
    expect(style.borderRadius).toBe('50%');
  });

  it('is one named image when given a text alternative', async () => {
    render(
      <MuiTheme>
        <AvatarPicture avatar="avatar-2" colour="#882647" alt="Coach Sam" />
      </MuiTheme>,
    );
    const image = screen.getByRole('img', { name: 'Coach Sam' });
    await waitFor(() => expect(image.querySelector('img')).not.toBeNull());
  });
});
