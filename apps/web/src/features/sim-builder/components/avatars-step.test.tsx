import { AVATARS, DEFAULT_CHARACTERS, SIM_BUILDER_TEXTS as T } from '@sim/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { avatarDataUri } from '../../../components/avatars/avatar-art';
import { MuiTheme } from '../../../components/theme/mui-theme';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch } from '../../../testing/render-app';
import { AvatarsStep } from './avatars-step';

const SIM_ID = '00000000-0000-4000-8000-0000000000aa';

function renderStep() {
  mockFetch((url) =>
    url.pathname === '/api/v1/sims/characters'
      ? jsonResponse({
          success: true,
          defaults: true,
          sim_characters: DEFAULT_CHARACTERS.map((c) => ({ ...c, _id: null, sim_id: null })),
          selectVoices: {},
        })
      : undefined,
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  render(
    <AppProvider queryClient={queryClient}>
      <MuiTheme>
        <AvatarsStep simId={SIM_ID} onBack={vi.fn()} onNext={vi.fn()} />
      </MuiTheme>
    </AppProvider>,
  );
}

describe('Select Avatars: the avatars', () => {
  it('offers the 24 pictures, each option named "Avatar N" and showing its own picture', async () => {
    renderStep();
    const customer = await screen.findByRole('region', { name: T.characterLabels.customer });
    const group = within(customer).getByRole('radiogroup', { name: T.avatars(T.characterLabels.customer) });
    const options = [...group.querySelectorAll<HTMLElement>('[role="radio"]')];
    expect(within(group).getByRole('radio', { name: T.avatar(13) })).toBe(options[12]);
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(AVATARS.map((_, i) => T.avatar(i + 1)));
    // no numbers drawn as the avatar: the option's only content is its picture
    for (const option of options) expect(option.textContent).toBe('');
    await waitFor(() => expect(options[0].querySelector('img')).not.toBeNull());
    const sources = options.map((o) => o.querySelector('img')?.getAttribute('src'));
    expect(sources).toEqual(AVATARS.map(avatarDataUri));
    expect(new Set(sources).size).toBe(24);
    // the picture is decorative inside the named option
    expect(options[0].querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('marks the chosen avatar, keeps one tab stop, and moves the choice with the arrow keys', async () => {
    renderStep();
    const coach = await screen.findByRole('region', { name: T.characterLabels.coach });
    // by attribute: 96 named options make role queries slow
    const option = (n: number) => coach.querySelector(`[role="radio"][aria-label="${T.avatar(n)}"]`) as HTMLElement;
    expect(option(3).getAttribute('aria-checked')).toBe('true');
    expect([...coach.querySelectorAll<HTMLElement>('[role="radio"]')].filter((o) => o.tabIndex === 0)).toEqual([
      option(3),
    ]);

    const ue = userEvent.setup();
    await ue.click(option(10));
    expect(option(10).getAttribute('aria-checked')).toBe('true');
    expect(option(3).getAttribute('aria-checked')).toBe('false');
    await ue.keyboard('{ArrowRight}');
    expect(option(11).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(option(11));
    await ue.keyboard('{End}');
    expect(option(24).getAttribute('aria-checked')).toBe('true');
    await ue.keyboard('{ArrowRight}');
    expect(option(1).getAttribute('aria-checked')).toBe('true');
    // another character's choice is its own
    const agent = screen.getByRole('region', { name: T.characterLabels.agent });
    expect(agent.querySelector('[aria-checked="true"]')?.getAttribute('aria-label')).toBe(T.avatar(6));
  });
});
