import {
  DATA_INPUT_LIMITS,
  DATA_INPUT_MESSAGES,
  layoutFieldProblem,
  type TLayout,
  type TLayoutType,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { Invalid } from '../../../lib/errors';
import { activeSimOf, editSim, simOf } from '../shared/access';
import { layoutFromSheet } from './parse';
import { layoutsOf, setSheetName, upsertLayout } from './repository';
import { readLayoutSheet } from './sheet';

const M = DATA_INPUT_MESSAGES;

/**
 * upload-keyword: the layout of an uploaded .xlsx or .csv file replaces the sim's layout of that type, and
 * its sheet name becomes the sim's sheet_name. The whole file is checked before the transaction starts.
 */
export async function uploadLayout(
  deps: AppDeps,
  actor: Actor,
  simId: string,
  type: TLayoutType,
  file: { filename: string; data: Buffer },
): Promise<TLayout> {
  await activeSimOf(deps.db, actor, simId);
  const layout = layoutFromSheet(type, await readLayoutSheet(file.filename, file.data));
  return editSim(deps, actor, simId, async (tx) => {
    const saved = await upsertLayout(tx, simId, layout, deps.now());
    await setSheetName(tx, simId, layout.excel_sheet_name);
    return saved;
  });
}

/** The layouts of the caller's sim (also in the trash: reading it is allowed). */
export async function layoutsOfSim(deps: AppDeps, actor: Actor, simId: string) {
  const sim = await simOf(deps.db, actor, simId);
  return { layouts: await layoutsOf(deps.db, simId), sheetName: sim.sheetName ?? '' };
}

/** The layouts a screen sends back follow the template's rules; the first problem answers 400 with its place. */
export function checkLayouts(layouts: readonly TLayout[]): void {
  const types = new Set(layouts.map((l) => l.type));
  if (types.size !== layouts.length) throw Invalid(M.duplicateLayoutType, 'layouts');
  for (const layout of layouts) {
    const attributes = new Map<string, string>();
    const tabs = new Set<string>();
    let fields = 0;
    for (const tab of layout.tabs) {
      if (tabs.has(tab.tab_name.toLowerCase()))
        throw Invalid(M.inLayout(layout.type, M.tabDuplicate(tab.tab_name)), 'layouts');
      tabs.add(tab.tab_name.toLowerCase());
      const sections = new Set<string>();
      for (const section of tab.sections) {
        const name = section.section_name;
        if (sections.has(name.toLowerCase()))
          throw Invalid(M.inTab(layout.type, tab.tab_name, M.sectionDuplicate(name)), 'layouts');
        sections.add(name.toLowerCase());
        for (const field of section.fields) {
          const fail = (reason: string) =>
            Invalid(M.at(layout.type, tab.tab_name, name, field.field_title, reason), 'layouts');
          fields += 1;
          if (fields > DATA_INPUT_LIMITS.maxFields) throw Invalid(M.inLayout(layout.type, M.tooManyFields), 'layouts');
          const problem = layoutFieldProblem(field);
          if (problem) throw fail(problem);
          const key = field.attribute_name.toLowerCase();
          const first = attributes.get(key);
          if (first) throw fail(M.attributeDuplicate(field.attribute_name, `by the field '${first}'`));
          attributes.set(key, field.field_title);
        }
      }
    }
  }
}

/** layoutData/save: each layout sent replaces the sim's layout of its type; the others stay. */
export async function saveLayouts(
  deps: AppDeps,
  actor: Actor,
  body: { sim_id: string; layouts: TLayout[] },
): Promise<TLayout[]> {
  checkLayouts(body.layouts);
  return editSim(deps, actor, body.sim_id, async (tx) => {
    const now = deps.now();
    for (const layout of body.layouts) await upsertLayout(tx, body.sim_id, layout, now);
    return layoutsOf(tx, body.sim_id);
  });
}
