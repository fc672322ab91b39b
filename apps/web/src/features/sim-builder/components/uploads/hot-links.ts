import { AUTHORING_LIMITS, AUTHORING_MESSAGES, BUILDER_UPLOAD_TEXTS, ZBasicInfoData } from '@sim/shared';

/**
 * Why a link cannot be added to the sim's links, or null (authoring.md section 5: links are unique). The
 * rules are the basicInfo schema's, so what the input takes the server takes.
 */
export function linkProblem(links: readonly string[], link: string): string | null {
  if (links.includes(link)) return AUTHORING_MESSAGES.duplicateLink;
  if (links.length >= AUTHORING_LIMITS.hotLinksMax)
    return BUILDER_UPLOAD_TEXTS.tooManyLinks(AUTHORING_LIMITS.hotLinksMax);
  const parsed = ZBasicInfoData.shape.hot_links.safeParse([...links, link]);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? AUTHORING_MESSAGES.badLink);
}
