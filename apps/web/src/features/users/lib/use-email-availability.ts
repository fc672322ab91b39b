import { MESSAGES, ZUserEmail } from '@sim/shared';
import { useCallback, useRef, useState } from 'react';
import { isDuplicateEmail } from '../api/check-duplicate-email';
import { sameEmail } from './user-form';

/**
 * The email availability check of section 5: on blur (and again before saving) the server is asked;
 * a duplicate shows 'Duplicate Email !' under the field and blocks the save until the email changes.
 */
export function useEmailAvailability(opts: {
  userId: string | null;
  originalEmail: string | undefined;
  currentEmail: string;
  onError: (error: unknown) => void;
}) {
  const { userId, originalEmail, currentEmail, onError } = opts;
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);

  /** true when the email is free (or not worth asking about) */
  const check = useCallback(
    async (value: string): Promise<boolean> => {
      const email = value.trim();
      if (!ZUserEmail.safeParse(email).success) return true; // the form's own rule speaks
      if (originalEmail && sameEmail(email, originalEmail)) return true;
      const id = ++latest.current;
      setChecking(true);
      try {
        const taken = await isDuplicateEmail(email, userId);
        if (id === latest.current) setTakenEmail(taken ? email : null);
        return !taken;
      } catch (error) {
        if (id === latest.current) onError(error);
        return true; // the server checks again when saving
      } finally {
        if (id === latest.current) setChecking(false);
      }
    },
    [originalEmail, userId, onError],
  );

  const error = takenEmail !== null && sameEmail(currentEmail, takenEmail) ? MESSAGES.duplicateEmail : undefined;
  return { check, checking, error, markTaken: setTakenEmail };
}
