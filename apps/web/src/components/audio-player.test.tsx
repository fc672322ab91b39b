import { AUDIO_PLAYER_TEXTS as T } from '@sim/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from './audio-player';

describe('the app audio player (issue 31: not the bare native player showing 0:00)', () => {
  it('shows no length before the header is read, then time / length; play and pause follow the audio', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    render(<AudioPlayer src="/files/take-2.mp3" name="take 2" />);
    const audio = screen.getByLabelText('take 2') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/files/take-2.mp3');
    expect(audio.hasAttribute('controls')).toBe(false);
    expect(screen.getByTestId('audio-time').textContent).toBe(`0:00 / ${T.unknownLength}`);
    expect(screen.getByRole('slider', { name: T.position('take 2') }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: T.play('take 2') }));
    expect(play).toHaveBeenCalled();
    Object.defineProperty(audio, 'duration', { configurable: true, value: 75 });
    fireEvent(audio, new Event('loadedmetadata'));
    Object.defineProperty(audio, 'currentTime', { configurable: true, writable: true, value: 12 });
    fireEvent(audio, new Event('timeupdate'));
    expect(screen.getByTestId('audio-time').textContent).toBe('0:12 / 1:15');
    const button = screen.getByRole('button', { name: T.pause('take 2') });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(button);
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: T.play('take 2') })).toBeTruthy();
    play.mockRestore();
    pause.mockRestore();
  });

  it('says so when the recording cannot be played', () => {
    render(<AudioPlayer src="/files/missing.mp3" name="Script audio" />);
    fireEvent(screen.getByLabelText('Script audio'), new Event('error'));
    expect(screen.getByRole('status').textContent).toBe(T.failed);
    expect(screen.getByRole('button', { name: T.play('Script audio') }).hasAttribute('disabled')).toBe(true);
  });
});
