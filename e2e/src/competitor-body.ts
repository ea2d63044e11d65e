/** What the tests need of `GET /api/registration/options/{tournamentId}`. */
export interface RegistrationOptionsSeen {
  events: { id: number; name: string }[];
  competitorLevels: { id: number }[];
}

/**
 * The `POST /api/registration/competitor` body of a competitor in the Forms event (the seeded
 * event that needs no weight): a consented girl born 2015-05-01 at the first level, whose family
 * allowed her name on public results and photos (decision 043).
 */
export function formsCompetitor(
  options: RegistrationOptionsSeen,
  registrationId: number,
  firstName: string,
  lastName: string,
) {
  const forms = options.events.find((e) => e.name === 'Forms') ?? options.events[0]!;
  return {
    registrationId,
    firstName,
    lastName,
    dateOfBirth: '2015-05-01',
    gender: 2,
    competitorLevelId: options.competitorLevels[0]!.id,
    weightKg: null,
    school: 'Elliot Lake Karate',
    emergencyContactName: 'Sam Lee',
    emergencyContactPhone: '7055550100',
    emergencyContactRelationship: 'Parent',
    guardianConsent: true,
    publishName: true,
    photosAllowed: true,
    eventIds: [forms.id],
  };
}
