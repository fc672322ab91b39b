import { useEffect, useState } from 'react';

type AvatarArt = typeof import('./avatar-art');

let art: AvatarArt | null = null;
let loading: Promise<AvatarArt> | null = null;

/** Loads the drawing module once for the whole app; later calls get the same promise (null: it failed, try later). */
export function loadAvatarArt(): Promise<AvatarArt | null> {
  loading ??= import('./avatar-art').then((module) => {
    art = module;
    return module;
  });
  return loading.catch(() => {
    loading = null;
    return null;
  });
}

/**
 * The picture of an avatar as an `<img>` source, or null while the drawing module loads (the first avatar
 * on screen loads it; afterwards every avatar is at hand on its first render). If the module cannot load
 * (a dropped connection), the avatar stays a coloured circle.
 */
export function useAvatarSrc(avatar: string): string | null {
  const [loaded, setLoaded] = useState<AvatarArt | null>(art);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadAvatarArt().then((module) => {
      if (live && module) setLoaded(module);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded ? loaded.avatarDataUri(avatar) : null;
}
