/**
 * Realistic call-centre lines: the right answer (as a recogniser writes it: lower case, no punctuation,
 * numbers in words, small slips) must pass, and different sentences a learner might say instead must
 * match none of the line's keywords in flexible phrasing, and so never pass the line.
 */
import { describe, expect, it } from 'vitest';
import { gradeLine } from '../../src/grading';

interface Line {
  line: string;
  keywords: string[];
  right: string[];
  wrong: string[];
}

const LINES: Line[] = [
  {
    line: 'Thank you for calling Demo Health, my name is Sam. How may I help you today?',
    keywords: ['thank you for calling', 'demo health', 'how may i help you'],
    right: [
      'thank you for calling demo health my name is sam how may i help you today',
      'thank you for calling demo health this is sam how may i help you',
      'thank you for calling demo health how can i help you',
    ],
    wrong: [
      'thank you for your patience i will be right with you',
      'please hold while i transfer you to the pharmacy',
      'is there anything else i can do for you today',
    ],
  },
  {
    line: 'Can I have your member ID and date of birth, please?',
    keywords: ['member id', 'date of birth'],
    right: ['can i have your member id and date of birth please', 'may i have the member id and your date of birth'],
    wrong: [
      'can i have your phone number and zip code',
      'what date works best for your appointment',
      'are you the policy holder or a dependent',
    ],
  },
  {
    line: 'Let me check your eligibility for this benefit.',
    keywords: ['eligibility', 'benefit'],
    right: ['let me check your eligibility for this benefit', 'let me see if you are eligible for the benefits'],
    wrong: [
      'let me check the status of your claim',
      'who is the beneficiary on the policy',
      'your coverage ends on the last day of the month',
    ],
  },
  {
    line: 'Your copay for this visit is $25.',
    keywords: ['copay', '$25'],
    right: ['your copay for this visit is twenty five dollars', 'your co pay for the visit is twenty five dollars'],
    wrong: [
      'your deductible for this year is two hundred fifty dollars',
      'the co insurance is twenty percent',
      'you owe nothing for this visit',
    ],
  },
  {
    line: 'I have processed a refund to your original card.',
    keywords: ['processed', 'refund', 'original card'],
    right: [
      'i have processed a refund to your original card',
      'i processed the refund back to your original credit card',
    ],
    wrong: [
      'i have sent a referral to cardiology',
      'your payment is still pending',
      'we cannot issue a credit at this time',
    ],
  },
  {
    line: 'Please hold while I transfer you to a pharmacist.',
    keywords: ['hold', 'transfer', 'pharmacist'],
    right: [
      'please hold while i transfer you to a pharmacist',
      'please hold on while i transfer you to the pharmacist',
    ],
    wrong: [
      'i can help you with that right now',
      'let me pull up your pharmacy benefits',
      'your order was shipped yesterday',
    ],
  },
  {
    line: 'I can schedule your appointment for Tuesday at 10:30.',
    keywords: ['schedule', 'appointment', 'tuesday', '10:30'],
    right: [
      'i can schedule your appointment for tuesday at ten thirty',
      'i can schedule the appointment on tuesday at ten thirty',
    ],
    wrong: [
      'i understand your disappointment let me reschedule that for thursday at ten fifteen',
      'would you prefer a morning or an afternoon slot',
      'the office is closed on weekends',
    ],
  },
  {
    line: 'Your prescription refill will be ready in two days.',
    keywords: ['prescription', 'refill', 'two days'],
    right: ['your prescription refill will be ready in two days', 'the prescription refill will be ready in 2 days'],
    wrong: [
      'please give me a description of your symptoms',
      'your refund will arrive in ten days',
      'i can fill out the form for you today',
    ],
  },
  {
    line: 'Are you enrolled in Medicare Part B?',
    keywords: ['medicare', 'part b'],
    right: ['are you enrolled in medicare part b', 'are you in medicare part b'],
    wrong: ['are you enrolled in medicaid', 'do you need medical care at home', 'which part of the bill is wrong'],
  },
  {
    line: 'I have updated your mailing address.',
    keywords: ['updated', 'mailing address'],
    right: ['i have updated your mailing address', 'i updated the mailing address for you'],
    wrong: [
      'can you confirm your email address',
      'your mail order will ship tomorrow',
      'what is the best phone number to reach you',
    ],
  },
  {
    line: 'Your claim was approved and payment was sent on March 3rd.',
    keywords: ['claim', 'approved', 'payment', 'march 3rd'],
    right: [
      'your claim was approved and payment was sent on march third',
      'the claim was approved and the payment went out on march 3rd',
    ],
    wrong: [
      'the clinic will call you back',
      'we received your paperwork on march thirteenth',
      'your improvement plan starts next week',
    ],
  },
  {
    line: "I'm sorry for the inconvenience this has caused.",
    keywords: ['sorry', 'inconvenience'],
    right: ['i am sorry for the inconvenience this has caused', 'so sorry for any inconvenience'],
    wrong: ['is this a convenient time to talk', 'let me worry about that for you', 'i am afraid the system is down'],
  },
  {
    line: 'I can take a card payment over the phone.',
    keywords: ['card payment', 'phone'],
    right: ['i can take a card payment over the phone', 'we can take your card payment by phone'],
    wrong: [
      'your cardiology payment plan starts next month',
      'please call the number on the back of your card',
      'i can send you a text message instead',
    ],
  },
  {
    line: 'I have cancelled your subscription as requested.',
    keywords: ['cancelled', 'subscription'],
    right: ['i have cancelled your subscription as requested', 'i canceled the subscription like you asked'],
    wrong: [
      'your prescription has been renewed',
      'would you like to continue your membership',
      'the council approved the new rates',
    ],
  },
  {
    line: 'Is the patient insured under your plan?',
    keywords: ['patient', 'insured', 'plan'],
    right: ['is the patient insured under your plan', 'is the patient insured on your plan'],
    wrong: [
      'was anyone injured in the accident',
      'was the payment made on time',
      'is the person listed on your policy',
    ],
  },
  {
    line: 'You have met $500 of your $1,500 deductible.',
    keywords: ['$500', '$1,500', 'deductible'],
    right: [
      'you have met five hundred dollars of your fifteen hundred dollar deductible',
      'you have met five hundred dollars of your one thousand five hundred dollars deductible',
    ],
    wrong: [
      'your out of pocket maximum is five thousand dollars',
      'your premium is due on the first',
      'you paid fifty dollars of your one hundred fifty dollar bill',
    ],
  },
  {
    line: 'Is there anything else I can help you with today?',
    keywords: ['anything else', 'help you'],
    right: ['is there anything else i can help you with today', 'anything else i could help you with'],
    wrong: [
      'have a great day goodbye',
      'everything is all set on your account',
      'let me transfer your call to billing',
    ],
  },
  {
    line: 'Our callback number is 1-800-555-0199.',
    keywords: ['callback number', '1-800-555-0199'],
    right: [
      'our callback number is one eight hundred five five five zero one nine nine',
      'our call back number is one eight hundred five five five oh one nine nine',
    ],
    wrong: [
      'our fax number is one eight hundred five five five zero one eight eight',
      'please call us back tomorrow morning',
      'the office number is on our website',
    ],
  },
  {
    line: 'Your appointment with Dr. Patel is on June 21st.',
    keywords: ['dr. patel', 'june 21st'],
    right: [
      'your appointment with doctor patel is on june twenty first',
      'you are seeing doctor patel on june twenty first',
    ],
    wrong: [
      'your appointment with doctor patterson is on july twenty first',
      'your visit is on june twentieth',
      'the doctor will call you this afternoon',
    ],
  },
  {
    line: 'Let me confirm the spelling of your last name.',
    keywords: ['confirm', 'spelling', 'last name'],
    right: ['let me confirm the spelling of your last name', 'can i confirm the spelling of the last name'],
    wrong: [
      'what was the name of your last provider',
      'can you hear me okay on this line',
      'the form must conform to the state rules',
    ],
  },
  {
    line: 'Your prior authorization has been submitted.',
    keywords: ['prior authorization', 'submitted'],
    right: ['your prior authorization has been submitted', 'your prior authorisation was submitted'],
    wrong: [
      'your authorization number is on the letter',
      'the priority line is busy right now',
      'we still need a signed form from you',
    ],
  },
];

describe('realistic lines: the right answer passes', () => {
  const rows = LINES.flatMap(({ line, keywords, right }) => right.map((said) => ({ line, keywords, said })));
  it.each(rows)('$line ← "$said"', ({ keywords, said }) => {
    const result = gradeLine({ transcript: said, keywords });
    expect(result.passed).toBe(true);
    expect(result.grade_score).toBeGreaterThanOrEqual(60);
  });

  it('the written line itself matches every keyword strictly', () => {
    for (const { line, keywords } of LINES) {
      expect(gradeLine({ transcript: line, keywords, phrasing: 'strict' }).missedKeywords).toEqual([]);
    }
  });
});

describe('realistic lines: wrong answers match no keyword (flexible) and never pass', () => {
  const rows = LINES.flatMap(({ line, keywords, wrong }) => wrong.map((said) => ({ line, keywords, said })));

  it('has at least 20 lines and 60 wrong answers', () => {
    expect(LINES.length).toBeGreaterThanOrEqual(20);
    expect(rows.length).toBeGreaterThanOrEqual(60);
  });

  it.each(rows)('$line ← "$said"', ({ keywords, said }) => {
    const result = gradeLine({ transcript: said, keywords, phrasing: 'flexible' });
    expect(result.correctKeywords).toEqual([]);
    expect(result.keyword_accuracy).toBe(0);
    expect(result.passed).toBe(false);
  });

  it('no wrong answer passes any other line either, nor matches more than 1% of the keywords tried', () => {
    let tried = 0;
    let matched = 0;
    const passes: string[] = [];
    for (const target of LINES) {
      for (const other of LINES) {
        if (other === target) continue;
        for (const said of other.right) {
          const result = gradeLine({ transcript: said, keywords: target.keywords });
          tried += target.keywords.length;
          matched += result.correctKeywords.length;
          if (result.passed) passes.push(`${target.line} ← ${said}`);
        }
      }
    }
    expect(passes).toEqual([]);
    expect(matched / tried).toBeLessThanOrEqual(0.01);
  });
});
