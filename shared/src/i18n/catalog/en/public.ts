// Texts of the public area (see index.ts). English texts are the spec's, exact.
export const public_ = {
  // Header and footer.
  'public.header.nav': 'Main',
  'public.footer.nav': 'Footer',
  'public.footer.privacy': 'Privacy policy',

  // The home page (docs/product.md §1 and §2).
  'public.home.description':
    '{site}: an open-style martial-arts tournament in Elliot Lake, Ontario. Dates, pricing, schedule, events and online registration.',
  'public.home.theTournament': 'The tournament',
  'public.home.detailsTitle': 'Tournament details',
  'public.home.notLoaded': 'The tournament details could not be loaded.',
  'public.home.dateAt': '{date} at {venue}, {city}',
  'public.home.tagline': 'An open-style martial-arts tournament in northern Ontario.',
  'public.home.pricing': 'Pricing',
  'public.home.competing': 'Competing costs {online} when you register online, or {door} at the door.',
  'public.home.spectators':
    'Spectator passes are {cost}. Children 5 and under accompanied by an adult are free.',
  'public.home.lunch': 'Lunch tickets are {cost}.',
  'public.home.schedule': 'Schedule',
  'public.home.grandChampionship': 'Grand Championship',
  'public.home.grandIntro':
    'Grand Championship awards go to the competitors with the most points across forms, sparring, weapons and self-defense. Every placing in a division earns points:',
  'public.home.place': '{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place',
  'public.home.points': '{points, plural, one {# point} other {# points}}',
  'public.home.events': 'Events',
  'public.home.none.title': 'Thank you for your interest!',
  'public.home.none.text': 'The next tournament has not been scheduled yet. Please check back soon.',
  'public.home.today.title': 'Tournament Today!',
  'public.home.today.comeSee': 'Come see us at {venue}',
  'public.home.today.text':
    'Registration is in person only today, from {times}. Online registration is closed.',
  'public.home.open.title': 'Online registration is now open!',
  'public.home.open.closes': 'Online registration closes after {date}.',
  'public.home.open.register': 'Register online',
  'public.home.soon.title': 'Registration opens soon!',
  'public.home.soon.text': 'Online registration opens on {date}.',
  'public.home.closed.title': 'Online registration is currently closed',
  'public.home.closed.text':
    'You can still register in person on tournament day, from {times}, at the door price.',
  'public.venue.title': 'Venue',
  'public.venue.directions': 'Open the map and directions',
  'public.venue.mapOf': 'Map of {venue}',
  'public.venue.mapTitle': 'Map of {venue}, {address}',

  // The results page (decision 022).
  'public.results.description': 'Division results and the Grand Championship leaderboard.',
  'public.results.none': 'There are no results to show yet.',
  'public.results.dateIn': '{date} in {city}, {venue}',
  'public.results.divisions': 'Division results',
  'public.results.noneFinished': 'No division has finished yet. Results appear here as each one completes.',
  'public.results.place': '{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
  'public.results.pointsExplained':
    'Points across forms, sparring, weapons and self-defense: 1st 100, 2nd 75, 3rd 50, 4th 25.',
  'public.results.search': 'Search results',
  'public.results.searchHint': 'A name, a school or a division',
  'public.results.noMatch': 'Nothing matches your search.',
  'public.results.ownHighlighted': "Your family's competitors are highlighted.",
  'public.results.noPoints': 'No points yet.',
  'public.results.rank': 'Rank',
  'public.results.name': 'Name',
  'public.results.points': 'Points',
  'public.results.tied': 'tied {rank}',
  // Decision 043: a competitor whose family did not allow their name on public results.
  'public.results.competitorNumber': 'Competitor {number}',
  'public.results.formerCompetitor': 'Former competitor',

  // Contact Us (docs/product.md §4 and §5).
  'public.contact.description':
    'Questions about the tournament, registration or volunteering? Send us a message.',
  'public.contact.intro':
    'Questions about the tournament, registration or your account? Send us a message and our team will reply by e-mail.',
  'public.contact.introEmail':
    'Questions about the tournament, registration or your account? Send us a message and our team will reply by e-mail, or write to us at <link>{email}</link>.',
  'public.contact.phone': 'Phone (optional)',
  'public.contact.message': 'Message',
  'public.contact.send': 'Send message',

  // The mailing list page.
  'public.mailingList.description':
    'Join the mailing list to hear when registration opens and what is new for the next tournament.',
  'public.mailingList.intro': 'Hear when registration opens and what is new for the next tournament.',
  'public.mailingList.formTitle': 'Mailing list signup form',
  'public.mailingList.notShowing': 'Form not showing? <link>Open the signup form</link>.',
  'public.mailingList.unavailable':
    'The mailing list signup form is not available yet. Please check back soon.',
  'public.mailingList.unavailableEmail':
    'The mailing list signup form is not available yet. Please check back soon, or write to us at <link>{email}</link> to be added.',

  // The privacy policy.
  'public.privacy.description':
    'What personal information the tournament site collects, why, how long it is kept and how to reach us.',
  'public.privacy.version': 'Version {version}, {date}',
  'public.privacy.publish.title': 'Names, photos and video',
  'public.privacy.publish.text':
    'For each competitor you register, you make two choices, and you can change them at any time from your registrations page: whether their name (first name and last initial) appears on the public results, the leaderboard and the screens at the venue, and whether photos and video of them may be published. Without the first, they appear as "Competitor" with a number, and their school. Without the second, our photographers see a "no photos" mark on the division sheets and at check-in. We keep a record of every consent: who gave it, when, and under which version of this policy. A competitor 18 or older on tournament day gives their own consent.',
  'public.privacy.changes.title': 'When this policy changes',
  'public.privacy.changes.text':
    'Each version of this policy has a number and a date. When it changes, we ask you to read and accept the new version before you register another competitor.',
  'public.privacy.theTournament': 'the tournament',
  'public.privacy.thisSite': 'this site',
  'public.privacy.intro':
    'This policy explains what {site} collects when you use {url}, why, and what you can ask of us. We collect only what we need to run the tournament, and we never sell or rent personal information.',
  'public.privacy.collect.title': 'Information we collect',
  'public.privacy.collect.account':
    '<b>Your account:</b> your name, e-mail address, mailing address, phone number and a securely hashed password (we never see or store the password itself).',
  'public.privacy.collect.competitors':
    "<b>Competitors you register:</b> name, date of birth, gender, rank or level, weight for sparring divisions, school or club, the events entered, an emergency contact and, for minors, a guardian's consent. Divisions are made from this information.",
  'public.privacy.collect.payments':
    '<b>Payments:</b> online payments are handled by our payment processor; we keep the receipt (amount, items, confirmation code), never your card number.',
  'public.privacy.collect.messages':
    '<b>Messages:</b> what you send through the contact form, and your notification choices (e-mail or text message about your divisions).',
  'public.privacy.collect.day':
    '<b>On tournament day:</b> check-in status, divisions, ring assignments, scores and placings. Placings and Grand Championship results may be announced at the event and shown on screens at the venue.',
  'public.privacy.use.title': 'How we use it',
  'public.privacy.use.text':
    'To register competitors, form fair divisions, take payments, send receipts and notices about the tournament, run check-in and the rings on the day, and answer your questions. We share information only with the services that help us do this (payment processing, e-mail and text-message delivery), and only what they need.',
  'public.privacy.cookies.title': 'Cookies and local storage',
  'public.privacy.cookies.text':
    'We do not use advertising or tracking cookies. The site stores a few things in your browser: your sign-in session while you are signed in, your light or dark colour scheme, and, on staff devices at the venue, tournament data that lets check-in and the rings keep working without a connection. Signing out removes the session. An embedded map on the home page is provided by OpenStreetMap and subject to its own policy.',
  'public.privacy.keep.title': 'How long we keep it',
  'public.privacy.keep.text':
    'Account and registration information is kept while your account is active so you can register again in future years. {months} months after each tournament we erase what it no longer needs: birth dates (we keep the birth year for the results), weights, emergency contacts, medical notes, uploaded files, message bodies, and the phone numbers of families who have not registered since. Check-in and ring tablets at the venue drop the tournament\'s personal data {deviceDays, plural, one {# day} other {# days}} after it. An account no one has signed in to for {inactiveYears} years is deleted, after an e-mail {noticeDays, plural, one {# day} other {# days}} before. Tournament results are kept as a record of the event; a deleted account\'s competitors appear in them as "Former competitor" with their school. Payment records are kept for {paymentYears} years with only the amount, date, method, receipt code and the payer\'s name, as tax rules require. Contact messages are deleted once answered and no longer needed. You can delete your account yourself at any time from "Your data", linked at the bottom of every page once you are signed in (it takes effect at once), or ask us to send you a copy of your information or to delete it.',
  'public.privacy.children.title': 'Children under 13',
  'public.privacy.children.text':
    "Many competitors are children. Accounts may only be created by people 13 or older; a child under 13 is registered by a parent or guardian, who gives consent and manages the child's information. If you believe a child under 13 has created an account, contact us and we will delete it.",
  'public.privacy.contact.title': 'Contact us',
  'public.privacy.contact.text':
    'Questions about this policy or your information: write to us at {contact}. {site}, Elliot Lake, Ontario, Canada.',
  'public.privacy.contactForm': 'our contact form',
};
