import type { RobustnessLine } from './corpus-types';

/**
 * The development set of the robustness bench (issue 14): engine settings and keyword-search thresholds
 * may be tuned on these lines. bench/speech/corpus.ts holds other sentences; the held-out set others again.
 */
export const DEV_LINES: RobustnessLine[] = [
  {
    domain: 'billing',
    text: 'I can see a late payment charge of twelve dollars on your last statement.',
    keywords: ['late payment charge|late fee', 'twelve dollars|$12'],
    wrong: 'Your bill this month looks just like the one before.',
  },
  {
    domain: 'billing',
    text: 'Your autopay is set to take the full balance on the fifth of each month.',
    keywords: ['autopay|automatic payment', 'fifth of each month|5th of each month'],
    wrong: 'You can pay online or over the phone whenever you like.',
  },
  {
    domain: 'billing',
    text: 'I have applied a one time credit of twenty five dollars to your account.',
    keywords: ['one time credit|one-time credit', 'twenty five dollars|$25'],
    wrong: 'I am afraid there is nothing more I can take off the bill.',
  },
  {
    domain: 'insurance',
    text: 'Your policy includes roadside assistance and a rental car while yours is repaired.',
    keywords: ['roadside assistance', 'rental car'],
    wrong: 'I will need the police report number from the accident.',
  },
  {
    domain: 'insurance',
    text: 'The adjuster will inspect the water damage in your kitchen on Thursday.',
    keywords: ['adjuster', 'water damage', 'Thursday'],
    wrong: 'Someone from our team will call you back later this week.',
  },
  {
    domain: 'insurance',
    text: 'Adding your daughter as a driver will raise the premium by about eighty dollars.',
    keywords: ['premium', 'eighty dollars|$80'],
    wrong: 'Your rate will stay the same when the cover renews.',
  },
  {
    domain: 'telecom',
    text: 'I have reset your router remotely, so the internet light should turn green.',
    keywords: ['router', 'internet light'],
    wrong: 'Please unplug the cable box and wait thirty seconds.',
  },
  {
    domain: 'telecom',
    text: 'Your unlimited data plan includes a hotspot allowance of fifteen gigabytes.',
    keywords: ['unlimited data', 'hotspot', 'fifteen gigabytes|15 gigabytes'],
    wrong: 'You are close to the limit on your monthly usage.',
  },
  {
    domain: 'telecom',
    text: 'I can waive the activation fee if you add two lines today.',
    keywords: ['waive', 'activation fee'],
    wrong: 'There is a small charge to set up each new phone.',
  },
  {
    domain: 'banking',
    text: 'I have frozen your debit card so nobody else can use it.',
    keywords: ['frozen|froze|freeze', 'debit card'],
    wrong: 'Can you tell me where you last used your wallet?',
  },
  {
    domain: 'banking',
    text: 'The wire transfer should reach the other bank by tomorrow morning.',
    keywords: ['wire transfer', 'tomorrow morning'],
    wrong: 'The money has already left your account today.',
  },
  {
    domain: 'banking',
    text: 'For security, please confirm the last four digits of your Social Security number.',
    keywords: ['last four digits|last 4 digits', 'Social Security number'],
    wrong: 'Can you give me the name on the account please?',
  },
  {
    domain: 'banking',
    text: 'Your savings account earns interest every month with no minimum balance.',
    keywords: ['savings account', 'interest', 'minimum balance'],
    wrong: 'Your money is safe with us and you can take it out at any time.',
  },
  {
    domain: 'healthcare',
    text: 'Doctor Morgan has an opening on Wednesday at two fifteen.',
    keywords: ['Doctor Morgan|Dr Morgan', 'Wednesday', 'two fifteen|2:15'],
    wrong: 'The clinic has nothing free until next month, I am afraid.',
  },
  {
    domain: 'healthcare',
    text: 'Please do not eat for twelve hours before your blood test.',
    keywords: ['twelve hours|12 hours', 'blood test'],
    wrong: 'You can have breakfast as normal before you come in.',
  },
  {
    domain: 'healthcare',
    text: 'Your follow up visit with the cardiologist is booked for the ninth of June.',
    keywords: ['follow up|follow-up', 'cardiologist', 'ninth of June|June ninth'],
    wrong: 'The heart doctor will see you later in the summer.',
  },
  {
    domain: 'healthcare',
    text: 'I have moved your appointment to Friday, and you will get a reminder call the day before.',
    keywords: ['Friday', 'reminder call'],
    wrong: 'We will see you at the same time as we planned.',
  },
];
