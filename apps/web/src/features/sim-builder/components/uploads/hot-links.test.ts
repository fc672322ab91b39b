import { AUTHORING_LIMITS, AUTHORING_MESSAGES, BUILDER_UPLOAD_TEXTS } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { linkProblem } from './hot-links';

describe('link tags', () => {
  it('takes a new web address', () => {
    expect(linkProblem([], 'https://example.com/a')).toBeNull();
    expect(linkProblem(['https://example.com/a'], 'http://example.com/b')).toBeNull();
  });

  it('refuses a duplicate, a text that is not a web address, and one link too many', () => {
    expect(linkProblem(['https://example.com/a'], 'https://example.com/a')).toBe(AUTHORING_MESSAGES.duplicateLink);
    expect(linkProblem([], 'example.com')).toBe(AUTHORING_MESSAGES.badLink);
    expect(linkProblem([], 'javascript:alert(1)')).toBe(AUTHORING_MESSAGES.badLink);
    const full = Array.from({ length: AUTHORING_LIMITS.hotLinksMax }, (_, i) => `https://example.com/${i}`);
    expect(linkProblem(full, 'https://example.com/x')).toBe(
      BUILDER_UPLOAD_TEXTS.tooManyLinks(AUTHORING_LIMITS.hotLinksMax),
    );
  });
});
