// The starter division rules seeded on first start (decision 017): the usual
// open-tournament shape of age bands, by gender from 8 and by level from 6, so matchmaking can
// begin before anyone edits a rule. Levels are named, the seed maps them to the seeded ids.
// Weight ranges are left for directors to add (sparring is split by weight in the draft).

export interface StarterRule {
  name: string;
  minAge: number;
  maxAge: number;
  gender: 1 | 2 | null;
  levels: readonly string[];
  minSize: number;
  maxSize: number;
}

const LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Black Belt'] as const;
const YOUTH_BANDS: readonly [number, number][] = [
  [8, 9],
  [10, 11],
  [12, 13],
  [14, 15],
  [16, 17],
];
const ADULT_BANDS: readonly [number, number][] = [
  [18, 34],
  [35, 99],
];

function band(minAge: number, maxAge: number, gender: 1 | 2, adult: boolean): StarterRule[] {
  const who = gender === 1 ? (adult ? 'Men' : 'Boys') : adult ? 'Women' : 'Girls';
  const ages = maxAge >= 99 ? `${minAge}+` : `${minAge}-${maxAge}`;
  return LEVELS.map((level) => ({
    name: `${who} ${ages} ${level}`,
    minAge,
    maxAge,
    gender,
    levels: [level],
    minSize: 2,
    maxSize: 8,
  }));
}

export const STARTER_RULES: readonly StarterRule[] = [
  { name: 'Mixed 4-5', minAge: 4, maxAge: 5, gender: null, levels: [], minSize: 2, maxSize: 8 },
  {
    name: 'Mixed 6-7 Beginner',
    minAge: 6,
    maxAge: 7,
    gender: null,
    levels: ['Beginner'],
    minSize: 2,
    maxSize: 8,
  },
  {
    name: 'Mixed 6-7 Intermediate and up',
    minAge: 6,
    maxAge: 7,
    gender: null,
    levels: ['Intermediate', 'Advanced', 'Black Belt'],
    minSize: 2,
    maxSize: 8,
  },
  ...YOUTH_BANDS.flatMap(([a, b]) => [...band(a, b, 1, false), ...band(a, b, 2, false)]),
  ...ADULT_BANDS.flatMap(([a, b]) => [...band(a, b, 1, true), ...band(a, b, 2, true)]),
];
