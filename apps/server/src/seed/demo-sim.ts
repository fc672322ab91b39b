import { ZBasicInfoData, ZSaveScriptRequest } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { appMeta, tools } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { loadUserAccess } from '../modules/permissions/access-repository';
import { startLevelAudio } from '../modules/sims/audio-jobs/service';
import { generateSim } from '../modules/sims/generate/service';
import { levelsOf } from '../modules/sims/levels/repository';
import { saveScript } from '../modules/sims/scripts/service';
import { saveBasicInfo, setActiveStep } from '../modules/sims/sims/builder';
import { charactersOf } from '../modules/sims/sims/characters-repository';

const SEED_KEY = 'demo_sim_seed';

/** The demo call: a new patient books an appointment. Agent lines carry the keywords a learner must say. */
const DEMO_LINES: { who: 'coach' | 'customer' | 'agent'; text: string; keywords?: string[] }[] = [
  { who: 'coach', text: 'Listen to how the agent greets the caller, confirms the details and books the visit.' },
  { who: 'customer', text: 'Hi, I would like to make an appointment with a cardiologist, please.' },
  {
    who: 'agent',
    text: 'Thank you for calling Demo Health, my name is Alex. I can help you schedule an appointment today.',
    keywords: ['thank you for calling', 'schedule | book', 'appointment'],
  },
  { who: 'customer', text: 'Great. It is my first visit, my doctor referred me.' },
  {
    who: 'agent',
    text: 'May I have your full name and date of birth to find your referral?',
    keywords: ['full name', 'date of birth', 'referral'],
  },
  { who: 'customer', text: 'Maria Lopez, March fourth, nineteen eighty.' },
  {
    who: 'agent',
    text: 'Thank you, Maria. Which insurance plan do you have, and is Monday morning at nine good for you?',
    keywords: ['insurance', 'Monday', 'morning'],
  },
  { who: 'customer', text: 'I have Blue Shield, and Monday at nine works.' },
  {
    who: 'agent',
    text: 'You are booked for Monday at nine. Please arrive fifteen minutes early and bring your insurance card.',
    keywords: ['booked', 'fifteen minutes early', 'insurance card'],
  },
];

/**
 * Seeds one complete training sim in the demo company: its characters, level 1 with the scripts above, and
 * the four generated levels. Runs once (its own marker), after the demo company exists.
 */
export async function seedDemoSim(
  deps: AppDeps,
  companyId: string,
  authorId: string,
  options: { voice?: boolean } = {},
): Promise<boolean> {
  const [done] = await deps.db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
  if (done) return false;
  const access = await loadUserAccess(deps.db, authorId, deps.now(), companyId);
  if (!access) return false;
  const actor = access.actor;
  const [product] = await deps.db.select().from(tools).where(eq(tools.name, 'Training SIM'));
  const simId = await saveBasicInfo(
    deps,
    actor,
    ZBasicInfoData.parse({
      title: 'New Patient Appointment - Cardiology',
      description: 'A new patient with a referral calls to book a first visit with a cardiologist.',
      brief_description: 'Greet the caller, verify identity and referral, check insurance, book and confirm.',
      admin_note: 'Demo sim made at first start.',
      product_id: product?.id,
      call_type: 'Appointment',
      real_time_feedback: true,
    }),
  );
  const characters = await charactersOf(deps.db, simId);
  const characterId = (type: string) => characters.find((c) => c.type === type)?.id;
  const [first] = await levelsOf(deps.db, simId);
  for (const line of DEMO_LINES)
    await saveScript(
      deps,
      actor,
      ZSaveScriptRequest.parse({
        sim_id: simId,
        sim_level_id: first.level.id,
        sim_character_id: characterId(line.who),
        script: line.text,
        keywords: line.keywords ?? [],
      }),
    );
  await generateSim(deps, actor, simId, undefined);
  // built through Create Levels: the builder opens it there
  await setActiveStep(deps, actor, simId, 2);
  // every line voiced in the background, so the demo plays from the first start (the job queue runs once
  // the server is ready)
  if (options.voice)
    for (const { level } of await levelsOf(deps.db, simId))
      await startLevelAudio(deps, actor, { sim_id: simId, level_id: level.id });
  await deps.db.insert(appMeta).values({ key: SEED_KEY, value: { simId } });
  return true;
}
