import type { RobustnessLine } from './corpus-types';

/**
 * The held-out set of the robustness bench (issue 14): never used to tune the engine, only to check that
 * what was tuned on the development set (corpus-dev.ts) holds on lines it has not seen.
 */
export const HELDOUT_LINES: RobustnessLine[] = [
  {
    domain: 'billing',
    text: 'We refunded the duplicate charge, and it will show up in three to five days.',
    keywords: ['refunded|refund', 'duplicate charge'],
    wrong: 'I can only see one payment on your account this month.',
  },
  {
    domain: 'billing',
    text: 'Would you like paperless billing sent to your email instead of printed statements?',
    keywords: ['paperless billing', 'email|e-mail'],
    wrong: 'We will keep sending the letters to your house.',
  },
  {
    domain: 'insurance',
    text: 'Your claim number is on the letter we sent, and the deductible is five hundred dollars.',
    keywords: ['claim number', 'deductible', 'five hundred dollars|$500'],
    wrong: 'We are still waiting to hear from the other driver.',
  },
  {
    domain: 'insurance',
    text: 'Your home insurance does not pay for flooding unless you add extra protection.',
    keywords: ['home insurance', 'flooding|flood'],
    wrong: 'Storms like that are covered under your current plan.',
  },
  {
    domain: 'telecom',
    text: 'Your contract ends in March, so you are eligible for an upgrade.',
    keywords: ['contract', 'March', 'upgrade'],
    wrong: 'You can keep your current phone for as long as you like.',
  },
  {
    domain: 'telecom',
    text: 'I am sending a replacement sim card by overnight delivery.',
    keywords: ['replacement sim card|new sim card', 'overnight delivery'],
    wrong: 'The store near you can fix the screen while you wait.',
  },
  {
    domain: 'telecom',
    text: 'There is a service outage in your area, and our technicians are working on it.',
    keywords: ['outage', 'technicians|technician'],
    wrong: 'Everything looks normal on our side of the line.',
  },
  {
    domain: 'banking',
    text: 'Your mortgage payment is due on the first, with a grace period of fifteen days.',
    keywords: ['mortgage payment', 'grace period', 'fifteen days|15 days'],
    wrong: 'You still have plenty of time before anything is late.',
  },
  {
    domain: 'banking',
    text: 'I see a suspicious purchase from an online store in another country.',
    keywords: ['suspicious purchase', 'another country'],
    wrong: 'Everything on your statement looks normal to me.',
  },
  {
    domain: 'banking',
    text: 'You can raise your daily withdrawal limit at any branch.',
    keywords: ['withdrawal limit', 'branch'],
    wrong: 'The cash machine will give you up to the usual amount.',
  },
  {
    domain: 'healthcare',
    text: 'Doctor Brooks can see you for your annual physical next Monday at ten.',
    keywords: ['Doctor Brooks|Dr Brooks', 'annual physical', 'Monday'],
    wrong: 'The earliest check up we have is in a few weeks.',
  },
  {
    domain: 'healthcare',
    text: 'Please bring your vaccination records when you come in on Tuesday.',
    keywords: ['vaccination records', 'Tuesday'],
    wrong: "Your son's shots are all up to date in our system.",
  },
  {
    domain: 'healthcare',
    text: 'The x ray department is on the second floor, next to the elevators.',
    keywords: ['x ray department|x-ray department', 'second floor'],
    wrong: 'You will find us in the main building near the front entrance.',
  },
];
