import { describe, expect, it } from 'vitest';
import { translateText } from '../i18n/message-ref.ts';
import { translatorFor } from '../i18n/translators.ts';
import { IN_USE, inUseMessage, tournamentDeleteRefusal } from './in-use.ts';

const NBSP = '\u00a0';
const english = (text: string | null) => (text === null ? null : translateText(translatorFor('en'), text));
const french = (text: string | null) => (text === null ? null : translateText(translatorFor('fr'), text));

describe('in-use messages', () => {
  it('says nothing when nothing uses the setting', () => {
    expect(inUseMessage(IN_USE.eventType('Forms'), [IN_USE.events(0)])).toBeNull();
  });

  it('lists every kind of use with its count', () => {
    const refusal = inUseMessage(IN_USE.competitorLevel('Beginner'), [
      IN_USE.competitors(12),
      IN_USE.divisions(1),
    ]);
    expect(english(refusal)).toBe(
      'Cannot remove the competitor level "Beginner": it is used by 12 competitors and 1 division. Change or remove those first.',
    );
    expect(french(refusal)).toBe(
      `Impossible de retirer le niveau de compétiteur «${NBSP}Beginner${NBSP}», car des éléments en dépendent encore${NBSP}: 12 compétiteurs et 1 division. Modifiez ou retirez d’abord ces éléments.`,
    );
    expect(
      english(
        inUseMessage(IN_USE.division('Girls 8-9'), [
          IN_USE.draftDivisions(1, 'Draft 1', '2026-11-28'),
          IN_USE.draftDivisions(2, 'Draft 2', '2027-11-27'),
          IN_USE.draftDivisions(1234, 'Draft 3', '2028-11-25'),
        ]),
      ),
    ).toBe(
      'Cannot remove the division "Girls 8-9": it is used by 1 division of the matchmaking draft "Draft 1" (2026-11-28), 2 divisions of the matchmaking draft "Draft 2" (2027-11-27) and 1234 divisions of the matchmaking draft "Draft 3" (2028-11-25). Change or remove those first.',
    );
  });

  it('refuses to delete a tournament with registrations, counting them', () => {
    expect(tournamentDeleteRefusal(0)).toBeNull();
    expect(english(tournamentDeleteRefusal(1))).toBe(
      'This tournament cannot be deleted: it has 1 registration.',
    );
    expect(english(tournamentDeleteRefusal(3))).toBe(
      'This tournament cannot be deleted: it has 3 registrations.',
    );
    expect(french(tournamentDeleteRefusal(3))).toBe(
      `Ce tournoi ne peut pas être supprimé${NBSP}: il compte 3 inscriptions.`,
    );
  });
});
