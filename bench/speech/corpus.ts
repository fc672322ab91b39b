/**
 * The fixed corpus of the speech benchmark: call-centre lines (healthcare scheduling, insurance, billing)
 * with their keyword entries (`|` = alternatives), wrong answers (each paired with a line, whose hints the
 * recogniser gets), and the human recordings of the Debian package pocketsphinx-testdata.
 */
export interface ScriptLine {
  text: string;
  keywords: string[];
}

export interface WrongAnswer {
  text: string;
  /** index in LINES of the line the learner should have said */
  line: number;
}

export interface HumanRecording {
  file: string;
  /** a raw file: 16 kHz mono s16le */
  raw?: boolean;
  transcript: string;
  keywords: string[];
}

export const LINES: ScriptLine[] = [
  {
    text: 'Thank you for calling Riverside Medical Center, my name is Alex, how can I help you today?',
    keywords: ['Riverside Medical Center', 'how can I help'],
  },
  { text: 'Can I please have your date of birth to verify your identity?', keywords: ['date of birth', 'verify'] },
  {
    text: 'I can schedule you with Doctor Patel next Tuesday at 9:30 in the morning.',
    keywords: ['Doctor Patel', 'Tuesday', 'nine thirty|9:30'],
  },
  { text: 'Your copay for a specialist visit is $40.', keywords: ['copay|co-pay', 'forty dollars|$40'] },
  { text: 'Do you have your insurance card in front of you?', keywords: ['insurance card'] },
  { text: 'Could you read me the member ID on the front of the card?', keywords: ['member ID|member number'] },
  { text: 'Your deductible has been met for this calendar year.', keywords: ['deductible', 'calendar year'] },
  {
    text: 'This procedure requires prior authorization from your insurance company.',
    keywords: ['prior authorization|preauthorization', 'insurance company'],
  },
  {
    text: 'I see an outstanding balance of $125 on your account.',
    keywords: ['outstanding balance', 'one hundred twenty five dollars|$125'],
  },
  {
    text: 'Would you like to set up a payment plan for the remaining balance?',
    keywords: ['payment plan', 'remaining balance'],
  },
  {
    text: 'We accept Visa, Mastercard, and American Express.',
    keywords: ['Visa', 'Mastercard|Master Card', 'American Express'],
  },
  {
    text: 'Please arrive fifteen minutes early to complete your paperwork.',
    keywords: ['fifteen minutes early', 'paperwork'],
  },
  {
    text: 'I will send a confirmation text message to the number on file.',
    keywords: ['confirmation', 'text message'],
  },
  {
    text: 'Is this appointment for a new patient or an established patient?',
    keywords: ['new patient', 'established patient'],
  },
  {
    text: 'The next available appointment with the dermatologist is on March 3rd.',
    keywords: ['next available', 'dermatologist', 'March third|March 3rd'],
  },
  { text: "I'm sorry for the wait, I appreciate your patience.", keywords: ['sorry', 'patience'] },
  { text: 'Let me transfer you to our billing department.', keywords: ['transfer', 'billing department'] },
  {
    text: 'Your claim was denied because the service was not covered under your plan.',
    keywords: ['claim', 'denied', 'not covered'],
  },
  {
    text: 'You can appeal the decision within 60 days of the denial letter.',
    keywords: ['appeal', 'sixty days|60 days'],
  },
  { text: 'Are you still at the address on Maple Street?', keywords: ['address', 'Maple Street'] },
  {
    text: 'Which pharmacy would you like us to send the prescription to?',
    keywords: ['pharmacy', 'prescription'],
  },
  {
    text: 'Your lab results are ready and the nurse will call you this afternoon.',
    keywords: ['lab results', 'nurse', 'this afternoon'],
  },
  {
    text: 'I have canceled your appointment and you will not be charged a fee.',
    keywords: ['canceled|cancelled', 'fee'],
  },
  {
    text: 'There is a $50 fee for missed appointments without 24 hours notice.',
    keywords: ['fifty dollar fee|$50 fee|fifty dollars fee', 'twenty four hours|24 hours'],
  },
  { text: 'Is your insurance still through Blue Cross Blue Shield?', keywords: ['Blue Cross Blue Shield'] },
  {
    text: 'Medicare covers the annual wellness visit at no cost to you.',
    keywords: ['Medicare', 'annual wellness visit', 'no cost'],
  },
  {
    text: 'Your referral from your primary care physician is on file.',
    keywords: ['referral', 'primary care physician|primary care doctor'],
  },
  {
    text: 'Can I get a good callback number in case we get disconnected?',
    keywords: ['callback number|call back number', 'disconnected'],
  },
  {
    text: 'The doctor is running about twenty minutes behind schedule today.',
    keywords: ['twenty minutes', 'behind schedule'],
  },
  {
    text: 'We will bill your secondary insurance for the remaining amount.',
    keywords: ['secondary insurance', 'remaining amount'],
  },
  {
    text: 'I can offer you a telehealth visit tomorrow afternoon instead.',
    keywords: ['telehealth|video visit', 'tomorrow afternoon'],
  },
  {
    text: 'Please bring a photo ID and a list of your current medications.',
    keywords: ['photo ID', 'current medications'],
  },
  {
    text: 'Your total out of pocket maximum for the year is $3,000.',
    keywords: ['out of pocket maximum', 'three thousand dollars|$3,000'],
  },
  { text: 'Is there anything else I can help you with today?', keywords: ['anything else'] },
  {
    text: 'I have updated your phone number and email address in our system.',
    keywords: ['phone number', 'email address|e-mail address'],
  },
  {
    text: 'For your privacy, I can only discuss this account with the patient.',
    keywords: ['privacy', 'patient'],
  },
  {
    text: 'The pediatric clinic is open Monday through Friday from eight to five.',
    keywords: ['pediatric clinic', 'Monday through Friday'],
  },
  {
    text: 'Your estimated cost for the MRI is $400 after insurance.',
    keywords: ['estimated cost', 'MRI', 'four hundred dollars|$400'],
  },
  {
    text: 'I am going to place you on a brief hold while I check with the office.',
    keywords: ['brief hold|short hold', 'check with the office'],
  },
  { text: 'Your flu shot is covered at 100%.', keywords: ['flu shot', 'one hundred percent|100%'] },
  {
    text: 'We received your payment of $200, thank you.',
    keywords: ['received your payment', 'two hundred dollars|$200'],
  },
  {
    text: 'The itemized bill will be mailed to you within five business days.',
    keywords: ['itemized bill', 'five business days|5 business days'],
  },
  { text: 'Do you need an interpreter for your visit?', keywords: ['interpreter'] },
  {
    text: 'If this is a medical emergency, please hang up and dial nine one one.',
    keywords: ['medical emergency', 'nine one one|911'],
  },
  {
    text: 'Your physical therapy sessions are limited to twenty visits per year.',
    keywords: ['physical therapy', 'twenty visits|20 visits'],
  },
  {
    text: 'Thank you for calling, and have a wonderful day.',
    keywords: ['thank you for calling', 'wonderful day|great day'],
  },
];

/** Plausible other answers, none holding a keyword of its line. */
export const WRONG_ANSWERS: WrongAnswer[] = [
  { line: 0, text: 'Hello, you have reached the front desk, who am I speaking with?' },
  { line: 1, text: 'Can you spell your last name for me please?' },
  { line: 2, text: 'We have an opening with the nurse practitioner on Thursday afternoon.' },
  { line: 3, text: 'Your insurance will cover most of the cost of the visit.' },
  { line: 4, text: 'Have you visited our office before?' },
  { line: 5, text: 'What is the best time to reach you during the week?' },
  { line: 6, text: 'You still owe a small amount before your plan starts paying.' },
  { line: 7, text: 'The procedure can be done in our outpatient surgery center.' },
  { line: 8, text: 'Your account is paid in full and there is nothing due.' },
  { line: 9, text: 'Would you like a copy of your statement sent by mail?' },
  { line: 10, text: 'We only take cash or check at the front desk.' },
  { line: 11, text: 'Please wear a mask when you come into the building.' },
  { line: 12, text: 'I will mail you a letter with all of the details.' },
  { line: 13, text: 'Which doctor did you see at your last visit?' },
  { line: 14, text: 'The skin doctor has no openings until the end of the month.' },
  { line: 15, text: 'I understand, let me see what I can do for you.' },
  { line: 16, text: 'I can answer your question about the charges myself.' },
  { line: 17, text: 'Your request was approved and the payment is on the way.' },
  { line: 18, text: 'You may file a complaint with the state insurance office.' },
  { line: 19, text: 'Did you recently move to a new city?' },
  { line: 20, text: 'Your doctor already sent the medicine to the store near your home.' },
  { line: 21, text: 'The results of your blood work are not back yet.' },
  { line: 22, text: 'Your visit is moved to next week at the same time.' },
  { line: 23, text: 'We ask that you call us if you are running late.' },
  { line: 24, text: 'Who is the main policy holder on your plan?' },
  { line: 25, text: 'Your plan requires a small payment for each visit.' },
  { line: 26, text: 'You will need to see your regular doctor before the specialist.' },
  { line: 27, text: 'What is the best email to send your receipt to?' },
  { line: 28, text: 'The doctor is ready to see you now.' },
  { line: 29, text: 'Your main insurance paid the full amount of the claim.' },
  { line: 30, text: 'The clinic is closed tomorrow for the holiday.' },
  { line: 31, text: 'Please fill out the forms before you arrive.' },
  { line: 32, text: 'Your plan has a yearly limit on covered services.' },
  { line: 33, text: 'Please hold while I look up your information.' },
  { line: 34, text: 'I was not able to find your record in our system.' },
  { line: 35, text: 'You can view your records online at any time.' },
  { line: 36, text: "The children's doctor is out of the office this week." },
  { line: 37, text: 'The scan has to be approved by your plan first.' },
  { line: 38, text: 'Let me look into that for you right now.' },
  { line: 39, text: 'Vaccines are given at the pharmacy down the hall.' },
  { line: 40, text: 'We have not received anything from you this month.' },
  { line: 41, text: 'Your statement shows every charge from your last visit.' },
  { line: 42, text: 'Would you like us to send the forms in Spanish?' },
  { line: 43, text: 'If you feel unwell, you can visit urgent care tonight.' },
  { line: 44, text: 'Your therapist will create an exercise plan for you.' },
  { line: 45, text: 'Goodbye, and please call us again if you need anything.' },
];

const TESTDATA = '/usr/share/pocketsphinx/test/data';

/** Human speech of pocketsphinx-testdata, with the transcripts shipped beside it. */
export const HUMAN_RECORDINGS: HumanRecording[] = [
  {
    file: `${TESTDATA}/librivox/sense_and_sensibility_01_austen_64kb-0870.wav`,
    transcript:
      'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them',
    keywords: ['john dashwood', 'leisure', 'in his power'],
  },
  {
    file: `${TESTDATA}/librivox/sense_and_sensibility_01_austen_64kb-0880.wav`,
    transcript: 'he was not an ill disposed young man',
    keywords: ['ill disposed', 'young man'],
  },
  {
    file: `${TESTDATA}/librivox/sense_and_sensibility_01_austen_64kb-0890.wav`,
    transcript: 'unless to be rather cold hearted and rather selfish is to be ill disposed',
    keywords: ['cold hearted', 'selfish'],
  },
  {
    file: `${TESTDATA}/librivox/sense_and_sensibility_01_austen_64kb-0920.wav`,
    transcript: 'had he married a more a amiable woman he might have been made still more respectable than he was',
    keywords: ['amiable woman', 'more respectable'],
  },
  {
    file: `${TESTDATA}/librivox/sense_and_sensibility_01_austen_64kb-0930.wav`,
    transcript: 'he might even have been made amiable himself',
    keywords: ['amiable', 'himself'],
  },
  { file: `${TESTDATA}/cards/001.wav`, transcript: 'ten of clubs', keywords: ['ten of clubs'] },
  { file: `${TESTDATA}/cards/002.wav`, transcript: 'four queen of clubs', keywords: ['queen of clubs'] },
  { file: `${TESTDATA}/cards/003.wav`, transcript: 'seven of clubs', keywords: ['seven'] },
  { file: `${TESTDATA}/cards/004.wav`, transcript: 'five five', keywords: ['five'] },
  {
    file: `${TESTDATA}/cards/005.wav`,
    transcript: 'eight of spades four of clubs seven of hearts',
    keywords: ['eight of spades', 'seven of hearts'],
  },
  {
    file: `${TESTDATA}/goforward.raw`,
    raw: true,
    transcript: 'go forward ten meters',
    keywords: ['go forward', 'ten meters'],
  },
];
