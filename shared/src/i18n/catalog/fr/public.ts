import type { public_ as en } from '../en/public.ts';

export const public_ = {
  'public.header.nav': 'Principal',
  'public.footer.nav': 'Pied de page',
  'public.footer.privacy': 'Politique de confidentialité',

  'public.home.description':
    '{site}\u00a0: un tournoi d’arts martiaux de style ouvert à Elliot Lake, en Ontario. Dates, prix, horaire, épreuves et inscription en ligne.',
  'public.home.theTournament': 'Le tournoi',
  'public.home.detailsTitle': 'Détails du tournoi',
  'public.home.notLoaded': 'Les détails du tournoi n’ont pas pu être chargés.',
  'public.home.dateAt': '{date}, à {venue}, {city}',
  'public.home.tagline': 'Un tournoi d’arts martiaux de style ouvert dans le Nord de l’Ontario.',
  'public.home.pricing': 'Prix',
  'public.home.competing':
    'La participation coûte {online} si vous vous inscrivez en ligne, ou {door} à la porte.',
  'public.home.spectators':
    'Le laissez-passer de spectateur coûte {cost}. Les enfants de 5 ans et moins accompagnés d’un adulte entrent gratuitement.',
  'public.home.lunch': 'Le billet de dîner coûte {cost}.',
  'public.home.schedule': 'Horaire',
  'public.home.grandChampionship': 'Grand championnat',
  'public.home.grandIntro':
    'Les prix du grand championnat vont aux compétiteurs qui cumulent le plus de points en formes, en combat, en armes et en autodéfense. Chaque rang obtenu dans une division rapporte des points\u00a0:',
  'public.home.place': '{place, selectordinal, one {#re} other {#e}} place',
  'public.home.points': '{points, plural, one {# point} other {# points}}',
  'public.home.events': 'Épreuves',
  'public.home.none.title': 'Merci de votre intérêt\u00a0!',
  'public.home.none.text': 'Le prochain tournoi n’est pas encore au calendrier. Revenez nous voir bientôt.',
  'public.home.today.title': 'C’est jour de tournoi\u00a0!',
  'public.home.today.comeSee': 'Venez nous voir à {venue}',
  'public.home.today.text':
    'Aujourd’hui, l’inscription se fait seulement sur place, de {times}. L’inscription en ligne est fermée.',
  'public.home.open.title': 'L’inscription en ligne est ouverte\u00a0!',
  'public.home.open.closes': 'L’inscription en ligne ferme après le {date}.',
  'public.home.open.register': 'S’inscrire en ligne',
  'public.home.soon.title': 'L’inscription ouvre bientôt\u00a0!',
  'public.home.soon.text': 'L’inscription en ligne ouvre le {date}.',
  'public.home.closed.title': 'L’inscription en ligne est fermée',
  'public.home.closed.text':
    'Vous pouvez encore vous inscrire sur place le jour du tournoi, de {times}, au prix à la porte.',
  'public.venue.title': 'Lieu',
  'public.venue.directions': 'Ouvrir la carte et l’itinéraire',
  'public.venue.mapOf': 'Carte\u00a0: {venue}',
  'public.venue.mapTitle': 'Carte\u00a0: {venue}, {address}',

  'public.results.description': 'Résultats des divisions et classement du grand championnat.',
  'public.results.none': 'Il n’y a pas encore de résultats à afficher.',
  'public.results.dateIn': '{date}, à {city}, {venue}',
  'public.results.divisions': 'Résultats des divisions',
  'public.results.noneFinished':
    'Aucune division n’est encore terminée. Les résultats s’affichent ici à mesure que chacune se termine.',
  'public.results.place': '{place, selectordinal, one {#re} other {#e}}',
  'public.results.pointsExplained':
    'Points cumulés en formes, en combat, en armes et en autodéfense\u00a0: 1re 100, 2e 75, 3e 50, 4e 25.',
  'public.results.search': 'Rechercher',
  'public.results.searchHint': 'Un nom, une école ou une division',
  'public.results.noMatch': 'Rien ne correspond à votre recherche.',
  'public.results.ownHighlighted': 'Les compétiteurs de votre famille sont en surbrillance.',
  'public.results.noPoints': 'Aucun point pour le moment.',
  'public.results.rank': 'Rang',
  'public.results.name': 'Nom',
  'public.results.points': 'Points',
  'public.results.tied': 'à égalité au rang {rank}',
  'public.results.competitorNumber': 'Athlète {number}',
  'public.results.formerCompetitor': 'Ancien athlète',

  'public.contact.description':
    'Des questions sur le tournoi, l’inscription ou le bénévolat\u00a0? Écrivez-nous.',
  'public.contact.intro':
    'Des questions sur le tournoi, l’inscription ou votre compte\u00a0? Écrivez-nous et notre équipe vous répondra par courriel.',
  'public.contact.introEmail':
    'Des questions sur le tournoi, l’inscription ou votre compte\u00a0? Écrivez-nous et notre équipe vous répondra par courriel, ou écrivez-nous à <link>{email}</link>.',
  'public.contact.phone': 'Téléphone (facultatif)',
  'public.contact.message': 'Message',
  'public.contact.send': 'Envoyer le message',

  'public.mailingList.description':
    'Abonnez-vous à la liste d’envoi pour savoir quand l’inscription ouvre et ce qui est nouveau pour le prochain tournoi.',
  'public.mailingList.intro':
    'Sachez quand l’inscription ouvre et ce qui est nouveau pour le prochain tournoi.',
  'public.mailingList.formTitle': 'Formulaire d’abonnement à la liste d’envoi',
  'public.mailingList.notShowing':
    'Le formulaire ne s’affiche pas\u00a0? <link>Ouvrir le formulaire d’abonnement</link>.',
  'public.mailingList.unavailable':
    'Le formulaire d’abonnement à la liste d’envoi n’est pas encore disponible. Revenez nous voir bientôt.',
  'public.mailingList.unavailableEmail':
    'Le formulaire d’abonnement à la liste d’envoi n’est pas encore disponible. Revenez nous voir bientôt, ou écrivez-nous à <link>{email}</link> pour être ajouté à la liste.',

  'public.privacy.description':
    'Les renseignements personnels que recueille le site du tournoi, pourquoi, combien de temps ils sont conservés et comment nous joindre.',
  'public.privacy.version': 'Version {version}, {date}',
  'public.privacy.publish.title': 'Noms, photos et vidéos',
  'public.privacy.publish.text':
    'Pour chaque compétiteur que vous inscrivez, vous faites deux choix, que vous pouvez modifier en tout temps à partir de la page de vos inscriptions\u00a0: si son nom (prénom et initiale du nom de famille) paraît dans les résultats publics, le classement et sur les écrans sur place, et si des photos et des vidéos de lui peuvent être publiées. Sans le premier, il paraît comme «\u00a0Athlète\u00a0» suivi d’un numéro, avec son école. Sans le second, nos photographes voient la mention «\u00a0pas de photos\u00a0» sur les feuilles de division et aux arrivées. Nous gardons une trace de chaque consentement\u00a0: qui l’a donné, quand et selon quelle version de cette politique. Un compétiteur de 18 ans ou plus le jour du tournoi donne lui-même son consentement.',
  'public.privacy.changes.title': 'Quand cette politique change',
  'public.privacy.changes.text':
    'Chaque version de cette politique porte un numéro et une date. Lorsqu’elle change, nous vous demandons de lire et d’accepter la nouvelle version avant d’inscrire un autre compétiteur.',
  'public.privacy.theTournament': 'le tournoi',
  'public.privacy.thisSite': 'ce site',
  'public.privacy.intro':
    'Cette politique explique ce que {site} recueille lorsque vous utilisez {url}, pourquoi, et ce que vous pouvez nous demander. Nous ne recueillons que ce qu’il faut pour organiser le tournoi, et nous ne vendons ni ne louons jamais de renseignements personnels.',
  'public.privacy.collect.title': 'Renseignements que nous recueillons',
  'public.privacy.collect.account':
    '<b>Votre compte\u00a0:</b> votre nom, votre adresse courriel, votre adresse postale, votre numéro de téléphone et un mot de passe haché de façon sécuritaire (nous ne voyons ni ne conservons jamais le mot de passe lui-même).',
  'public.privacy.collect.competitors':
    '<b>Les compétiteurs que vous inscrivez\u00a0:</b> nom, date de naissance, sexe, grade ou niveau, poids pour les divisions de combat, école ou club, épreuves choisies, personne à joindre en cas d’urgence et, pour les mineurs, le consentement d’un parent ou tuteur. Les divisions sont formées à partir de ces renseignements.',
  'public.privacy.collect.payments':
    '<b>Paiements\u00a0:</b> les paiements en ligne sont traités par notre fournisseur de paiement; nous conservons le reçu (montant, articles, code de confirmation), jamais votre numéro de carte.',
  'public.privacy.collect.messages':
    '<b>Messages\u00a0:</b> ce que vous envoyez par le formulaire de contact, et vos choix de notification (courriel ou texto au sujet de vos divisions).',
  'public.privacy.collect.day':
    '<b>Le jour du tournoi\u00a0:</b> confirmation d’arrivée, divisions, affectations aux aires, pointages et rangs. Les rangs et les résultats du grand championnat peuvent être annoncés à l’événement et affichés sur des écrans sur place.',
  'public.privacy.use.title': 'Comment nous les utilisons',
  'public.privacy.use.text':
    'Pour inscrire les compétiteurs, former des divisions équitables, recevoir les paiements, envoyer les reçus et les avis au sujet du tournoi, gérer les arrivées et les aires le jour même, et répondre à vos questions. Nous ne communiquons des renseignements qu’aux services qui nous aident à le faire (traitement des paiements, envoi des courriels et des textos), et seulement ce dont ils ont besoin.',
  'public.privacy.cookies.title': 'Témoins et stockage local',
  'public.privacy.cookies.text':
    'Nous n’utilisons aucun témoin publicitaire ou de suivi. Le site conserve quelques éléments dans votre navigateur\u00a0: votre session pendant que vous êtes connecté, votre choix de mode clair ou sombre et, sur les appareils du personnel sur place, les données du tournoi qui permettent aux arrivées et aux aires de fonctionner sans connexion. La déconnexion supprime la session. La carte intégrée à la page d’accueil est fournie par OpenStreetMap et soumise à sa propre politique.',
  'public.privacy.keep.title': 'Combien de temps nous les conservons',
  'public.privacy.keep.text':
    'Les renseignements de compte et d’inscription sont conservés tant que votre compte est actif, pour que vous puissiez vous inscrire de nouveau les années suivantes. {months} mois après chaque tournoi, nous effaçons ce dont il n’a plus besoin : les dates de naissance (nous gardons l’année pour les résultats), les poids, les contacts d’urgence, les notes médicales, les fichiers téléversés, le texte des messages et les numéros de téléphone des familles qui ne se sont pas inscrites depuis. Les tablettes d’accueil et d’aire sur place effacent les données personnelles du tournoi {deviceDays, plural, one {# jour} other {# jours}} après celui-ci. Un compte auquel personne ne s’est connecté depuis {inactiveYears} ans est supprimé, après un courriel envoyé {noticeDays, plural, one {# jour} other {# jours}} avant. Les résultats du tournoi sont conservés comme archives de l’événement; les compétiteurs d’un compte supprimé y figurent comme « Ancien athlète » avec leur école. Les paiements sont conservés {paymentYears} ans avec seulement le montant, la date, le mode, le code du reçu et le nom du payeur, comme l’exigent les règles fiscales. Les messages de contact sont supprimés une fois répondus et devenus inutiles. Vous pouvez supprimer vous-même votre compte en tout temps depuis « Vos données », en lien au bas de chaque page une fois connecté (c’est immédiat), ou nous demander une copie de vos renseignements ou leur suppression.',
  'public.privacy.children.title': 'Enfants de moins de 13 ans',
  'public.privacy.children.text':
    'Beaucoup de compétiteurs sont des enfants. Seules les personnes de 13 ans ou plus peuvent créer un compte; un enfant de moins de 13 ans est inscrit par un parent ou tuteur, qui donne son consentement et gère les renseignements de l’enfant. Si vous croyez qu’un enfant de moins de 13 ans a créé un compte, communiquez avec nous et nous le supprimerons.',
  'public.privacy.contact.title': 'Nous joindre',
  'public.privacy.contact.text':
    'Pour toute question sur cette politique ou vos renseignements, écrivez-nous à {contact}. {site}, Elliot Lake (Ontario), Canada.',
  'public.privacy.contactForm': 'notre formulaire de contact',
} satisfies Record<keyof typeof en, string>;
