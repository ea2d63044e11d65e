import { describe, expect, it } from 'vitest';
import { translateText } from '../i18n/message-ref.ts';
import { translatorFor } from '../i18n/translators.ts';
import { consentGivenAs, mustAcceptPrivacyPolicy, PRIVACY_POLICY, publicCompetitorName } from './consent.ts';

const inEnglish = (text: string) => translateText(translatorFor('en'), text);
const inFrench = (text: string) => translateText(translatorFor('fr'), text);

describe('how the public sees a competitor', () => {
  it('shows the first name and last initial when the family allowed it', () => {
    expect(
      inEnglish(
        publicCompetitorName({ id: 12, firstName: ' Sam ', lastName: 'kowalski', publishName: true }),
      ),
    ).toBe('Sam K.');
  });

  it('shows "Competitor" and the competitor’s own number otherwise, in the reader’s language', () => {
    const name = publicCompetitorName({ id: 12, firstName: 'Sam', lastName: 'Kowalski', publishName: false });
    expect(inEnglish(name)).toBe('Competitor 12');
    expect(inFrench(name)).toBe('Athlète 12');
    expect(name).not.toMatch(/Sam|Kowalski/);
  });

  it('gives one competitor the same number wherever they appear, and two competitors different ones', () => {
    const a = { id: 7, firstName: 'Ana', lastName: 'Li', publishName: false };
    expect(publicCompetitorName(a)).toBe(publicCompetitorName({ ...a }));
    expect(publicCompetitorName(a)).not.toBe(publicCompetitorName({ ...a, id: 8 }));
  });
});

describe('who consents', () => {
  it('is a guardian under 18 on tournament day, and the competitor from their 18th birthday on', () => {
    expect(consentGivenAs('2008-11-29', '2026-11-28')).toBe('guardian');
    expect(consentGivenAs('2008-11-28', '2026-11-28')).toBe('self');
    expect(consentGivenAs('1990-03-04', '2026-11-28')).toBe('self');
  });

  it('is a guardian when the date of birth cannot be read (the stricter wording)', () => {
    expect(consentGivenAs('not a date', '2026-11-28')).toBe('guardian');
  });
});

describe('accepting a new privacy policy', () => {
  it('is asked of an account that accepted an earlier version only', () => {
    expect(mustAcceptPrivacyPolicy(PRIVACY_POLICY.version - 1)).toBe(true);
    expect(mustAcceptPrivacyPolicy(PRIVACY_POLICY.version)).toBe(false);
    expect(mustAcceptPrivacyPolicy(null)).toBe(false);
  });
});
